/**
 * Mongolian stop words: the 54 words of stopwords.txt, merged from Xangis/extra-stopwords and
 * byam/mnlp (MIT), as shipped in Holboo's shared data (see its README). Skipped as word features and
 * when deciding whether a message carries any content.
 */
export const MONGOLIAN_STOPWORDS: readonly string[] =
  "аа аанхаа алив ба байгаад байгаан байдаг байжээ байна байсаар байсан байхаа бас бгаа бишүү бна бол болжээ болно болоо бх бэ вэ гэдэг гэж гэжээ гэлтгүй гэсэн гэтэл гэх гээд даа дахь дээ за л минь мөн наад нь тэр уу харин хэн ч чинь шүү энэ ээ юм юмаа юманд юмуу үү".split(
    " ",
  );
