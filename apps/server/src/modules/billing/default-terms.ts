/**
 * The terms of service shipped with the product, in both languages; the platform admin may replace them (Admin panel →
 * Payment and terms). A line starting with "# " or "## " is a heading, one starting with "- " a list item; a blank line
 * ends a paragraph. The web app renders them as text, never as HTML.
 */
export const DEFAULT_TERMS = {
  mn: `# Үйлчилгээний нөхцөл

Энэхүү нөхцөл нь Holboo платформыг (цаашид "Үйлчилгээ") ашиглаж буй байгууллага болон Үйлчилгээг үзүүлэгчийн (цаашид "Үйлчилгээ үзүүлэгч") хоорондын харилцааг зохицуулна. Байгууллага багц худалдан авахдаа энэхүү нөхцөлийг зөвшөөрнө.

## 1. Үйлчилгээ

Үйлчилгээ нь харилцагчдаас ирсэн мессеж, имэйл, дуудлагыг нэг дор хүлээн авч хариулах, виртуал туслах ажиллуулах, тайлан харах боломжийг олгоно. Багц бүрийн хэрэглэгч, суваг, виртуал туслах, нийтлэлийн тооны хязгаарыг "Миний багц" хэсэгт харуулна.

## 2. Туршилтын хугацаа

Шинэ байгууллага туршилтын хугацаанд Үйлчилгээг төлбөргүй ашиглана. Туршилтын хугацаа дуусахад хандалт хаагдах бөгөөд үргэлжлүүлэн ашиглахын тулд багц худалдан авна.

## 3. Төлбөр

- Төлбөрийг дараа төлнө. Багц худалдан авах эсвэл сунгахад нэхэмжлэл үүснэ. Нэхэмжлэлийг үүссэнээс хойш 3 хоногийн дотор төлнө.
- Төлбөрийг "Миний багц" хэсэг болон нэхэмжлэл дээр заасан дансанд шилжүүлнэ. Гүйлгээний утгад нэхэмжлэлийн дугаарыг бичнэ.
- Үндсэн виртуал туслахаас гадна нэмж үүсгэсэн туслах бүрийн төлбөрийг ашигласан хоногоор тооцож, дараагийн нэхэмжлэлд нэмнэ.
- Нэмэлт виртуал туслахыг дараагийн нэхэмжлэл үүсэхээс өмнө устгах боломжгүй.
- Үйлчилгээ үзүүлэгч үнэ, хязгаарыг өөрчилж болно. Өөрчлөлт нь дараагийн нэхэмжлэлээс эхлэн хамаарна.

## 4. Автомат сунгалт

Автомат сунгалт идэвхтэй бол багцын хугацаа дуусах үед дараагийн хугацааны нэхэмжлэл үүснэ. Автомат сунгалт идэвхгүй бол хугацаа дуусахаас өмнө байгууллагын эзэмшигч болон админуудад сануулга илгээж, хугацаа дуусахад хандалт хаагдана. Автомат сунгалтыг "Миний багц" хэсгээс хүссэн үедээ асааж, унтрааж болно.

## 5. Төлбөр төлөгдөөгүй үед

Нэхэмжлэл төлөх эцсийн огноо хүртэл төлөгдөөгүй бол байгууллагын хандалт хаагдаж, виртуал туслахууд хариулахаа зогсооно. Энэ хугацаанд харилцагчдын илгээсэн мессежүүд хадгалагдсаар байна. Төлбөр бүртгэгдмэгц хандалт шууд сэргэнэ.

## 6. Нэхэмжлэл цуцлах

Төлөгдөөгүй нэхэмжлэлийг Үйлчилгээ үзүүлэгч цуцалж болно. Энэ тохиолдолд уг нэхэмжлэлийн хамрах хугацаа хүчингүй болно.

## 7. Өгөгдөл

Байгууллагын оруулсан болон харилцагчдаас ирсэн өгөгдөл тухайн байгууллагын өмч хэвээр байна. Үйлчилгээ үзүүлэгч уг өгөгдлийг зөвхөн Үйлчилгээг үзүүлэх зорилгоор боловсруулна.

## 8. Байгууллагын үүрэг

- Нэвтрэх нэр, нууц үгээ бусдад дамжуулахгүй байх.
- Үйлчилгээг хууль бус зорилгоор болон хүсээгүй сурталчилгаа (спам) илгээхэд ашиглахгүй байх.
- Харилцагчдынхаа хувийн мэдээллийг хуулийн дагуу хамгаалах.

## 9. Нөхцөлийн өөрчлөлт

Үйлчилгээ үзүүлэгч энэхүү нөхцөлийг өөрчилж болно. Өөрчлөгдсөн нөхцөл нь дараагийн худалдан авалт болон сунгалтад хамаарна.

## 10. Холбоо барих

Төлбөр, нэхэмжлэлтэй холбоотой асуултаа платформын админд илгээнэ үү.`,
  en: `# Terms of service

These terms govern the relationship between the company using the Holboo platform (the "Service") and the provider of the Service (the "Provider"). A company agrees to them when it buys a plan.

## 1. The Service

The Service lets a company receive and answer its customers' messages, e-mails and calls in one place, run virtual agents and see reports. The limits of each plan (users, channels, virtual agents, articles) are shown under My plan.

## 2. Trial

A new company uses the Service free of charge during its trial. When the trial ends, access closes; to keep using the Service, the company buys a plan.

## 3. Payment

- Billing is post-paid. Buying or extending a plan raises an invoice, which is payable within 3 days of being raised.
- Payment is made by bank transfer to the account shown under My plan and on the invoice, with the invoice number as the payment reference.
- Each virtual agent beyond the main one is billed per day used and added to the next invoice.
- An additional virtual agent cannot be removed before the next invoice.
- The Provider may change prices and limits. A change applies from the next invoice.

## 4. Auto-extend

With auto-extend on, the next term's invoice is raised when a term ends. With auto-extend off, the company's owner and admins are reminded before the term ends, and access closes when it ends. Auto-extend can be turned on or off under My plan at any time.

## 5. Unpaid invoices

If an invoice is not paid by its due date, the company's access closes and its virtual agents stop answering. Customers' messages are still kept meanwhile. Access is restored as soon as the payment is recorded.

## 6. Cancelled invoices

The Provider may cancel an unpaid invoice. The term that invoice billed is then withdrawn.

## 7. Data

The data a company enters and receives from its customers remains the company's own. The Provider processes it only to provide the Service.

## 8. The company's obligations

- Do not share sign-in names or passwords with others.
- Do not use the Service for unlawful purposes or to send unsolicited advertising (spam).
- Protect customers' personal data as the law requires.

## 9. Changes to these terms

The Provider may change these terms. Changed terms apply to the next purchase or extension.

## 10. Contact

Please send questions about payments and invoices to the platform admin.`,
} as const;
