/**
 * The study's participant web pages (000 §2.4: web/global, homepage, eligibility-screening, agreement,
 * register, publish — C-021…C-026): one section each, so two people can edit two pages at once.
 */
import { z } from 'zod';
import { EmailSchema, FileIdSchema, optionalValue, type TextKit, WebLinkSchema } from './content-fields';

/** The address part of the published web pages: lower-case words joined by `-`. */
export const WEB_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const WEB_SECTION_BUILDERS = {
  webGlobal: (t: TextKit) =>
    z
      .object({
        siteTitle: t.optionalTitle(),
        header: t.rich(),
        footer: t.rich(),
        privacyPolicyUrl: optionalValue(WebLinkSchema),
        termsUrl: optionalValue(WebLinkSchema),
        supportEmail: optionalValue(EmailSchema),
      })
      .strict(),

  webHomepage: (t: TextKit) =>
    z
      .object({
        heading: t.optionalTitle(),
        body: t.rich(),
        callToAction: t.optionalLabel(),
        heroImageFileId: optionalValue(FileIdSchema),
      })
      .strict(),

  webEligibilityScreening: (t: TextKit) =>
    z
      .object({
        heading: t.optionalTitle(),
        introduction: t.rich(),
        eligibleMessage: t.rich(),
        ineligibleMessage: t.rich(),
      })
      .strict(),

  webAgreement: (t: TextKit) =>
    z
      .object({
        heading: t.optionalTitle(),
        body: t.rich(),
        acceptLabel: t.optionalLabel(),
        declineLabel: t.optionalLabel(),
      })
      .strict(),

  webRegister: (t: TextKit) =>
    z
      .object({
        heading: t.optionalTitle(),
        introduction: t.rich(),
        submitLabel: t.optionalLabel(),
        completedMessage: t.rich(),
      })
      .strict(),

  webPublish: (t: TextKit) =>
    z
      .object({
        published: z.boolean().default(false),
        slug: optionalValue(z.string().max(60).regex(WEB_SLUG_PATTERN)),
        searchDescription: t.optionalShort(),
      })
      .strict()
      .superRefine((p, ctx) => {
        // Published pages need an address to be published at.
        if (p.published && p.slug === null)
          ctx.addIssue({
            code: 'custom',
            path: ['slug'],
            message: 'Required',
            params: { messageKey: 'errors.required' },
          });
      }),
};
