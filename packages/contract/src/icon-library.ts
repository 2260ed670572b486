/**
 * The icon library (C-126, 002 §7 "Icon libraries (pageNum)"; decision 0040): the icons a study builder
 * may put on welcome screens, learn-more sections and info screens, listed a page at a time with a
 * search, and each icon's SVG. The catalogue is the domain's (`ICON_LIBRARY_IDS`): the same for every
 * client, study and data space, so both calls are environment-neutral.
 */
import { MAX_PAGE_SIZE } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const IconLibraryItemSchema = z.object({
  /** What content stores (`welcomeScreens.screens[].icon`). */
  id: z.string(),
  /** The icon's name in the request's language (Accept-Language): the picker's accessible name. */
  label: z.string(),
  /** Where the portals load the SVG from (public). */
  url: z.string(),
});
export type IconLibraryItem = z.infer<typeof IconLibraryItemSchema>;

export const listIconLibrary = defineEndpoint({
  id: 'listIconLibrary',
  method: 'GET',
  path: '/api/v1/icon-libraries',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'The icon library, a page at a time (pageNum from 1, pageSize at most 100), optionally narrowed by a search over the names in English and Spanish',
  query: z
    .object({
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
      search: z.string().trim().max(100).optional(),
    })
    .strict(),
  response: z.object({
    items: z.array(IconLibraryItemSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** An icon's SVG (public: the participant portal shows icons before sign-in). */
export const getIconLibraryIcon = defineEndpoint({
  id: 'getIconLibraryIcon',
  method: 'GET',
  path: '/api/v1/icon-libraries/:iconId',
  audience: 'public',
  env: 'neutral',
  summary:
    'One icon of the library (image/svg+xml with a Content-Security-Policy that runs nothing; 404 for an id the library does not have)',
  params: z.object({ iconId: z.string().min(1).max(64) }).strict(),
  response: z.any(),
});
