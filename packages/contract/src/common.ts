import { z } from 'zod';

/** The error body every non-2xx response carries (DESIGN.md §3, errors are values). */
const MessageRefSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

export const ApiErrorSchema = z.object({
  code: z.string(),
  /** English text, for logs and API users; portals show `messageKey` with `params` in their language. */
  message: z.string(),
  messageKey: z.string().optional(),
  params: MessageRefSchema.shape.params,
  details: z.unknown().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** The same per-field messages as catalogue keys and parameters. */
  fieldErrorKeys: z.record(z.string(), z.array(MessageRefSchema)).optional(),
  /** 401 with type TOKENEXPIRED tells the client to refresh (spec 000 §8.1). */
  type: z.string().optional(),
  /** 401 carrying this is an e-signature sign-in refusal, not an ended session: no logout (spec 000 §8.1). */
  electronicSignatureSignIn: z.boolean().optional(),
  /** 403 hints of spec 000 §8.1. */
  globalSignout: z.boolean().optional(),
  studiesChanged: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * The error body of a failed answer, or null when it is not one. A body sent as a JSON string
 * (double-encoded) is parsed first (spec 000 §8.1: "the body is parsed if it is a string").
 */
export function parseApiError(body: unknown): ApiError | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = ApiErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A PDF the API answers in JSON: its file name and bytes as base64. */
export const PdfFileSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});

export const OkSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A reason for change (GCP): what a person types when they change or correct a record. */
const ReasonSchema = z.string().trim().min(1).max(500);

/** The body of a `reasonRequired` endpoint: its fields plus `reason`. */
export function withReason<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, reason: ReasonSchema }).strict();
}
