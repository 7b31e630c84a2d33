/** Whole tugrik with thousands separators and the tugrik sign. */
export const tugrik = (amount: number) => `${amount.toLocaleString("en-US")} ₮`;
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");
