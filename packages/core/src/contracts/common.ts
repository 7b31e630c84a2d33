import { z } from "zod";

export const listQueryBase = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const listResponse = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export interface ListResponse<T> {
  items: T[];
  total: number;
}

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
