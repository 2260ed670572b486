/**
 * Sites, the research team and site teams of a study (002 §3, §6, §7; 000 §3, §6; decision 0032).
 * A site is one record in both data spaces (its details and team are `neutral`); its status is kept
 * per data space, so the status calls and the site reads follow the page (C-148: the page's address
 * decides TEST or LIVE, sent as the Env header). Team calls change accounts' study access: `neutral`,
 * like every call about staff accounts (decision 0028).
 */
import { ROLES, SITE_CODE_PATTERN, SITE_STATUSES, SITE_SUB_TYPES, TEAM_SCOPES } from '@trialpath/domain';
import { z } from 'zod';
import { pageOf, withReason } from './common';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const SiteParams = z.object({ studyId: z.string().uuid(), siteId: z.string().uuid() }).strict();
const MemberParams = z.object({ studyId: z.string().uuid(), userId: z.string().uuid() }).strict();
const SiteMemberParams = z
  .object({ studyId: z.string().uuid(), siteId: z.string().uuid(), userId: z.string().uuid() })
  .strict();

const AccessTypeSchema = z.enum(['TEST', 'LIVE']);
const SiteStatusSchema = z.enum(SITE_STATUSES);
const RoleSchema = z.enum(ROLES);

const CountrySchema = z.object({ countryId: z.string(), countryName: z.string() });

/** A site as lists show it (C-146): id, name, siteId (its code), countryList and countryNameList. */
export const SiteListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The site's code, e.g. US-001. */
  siteId: z.string(),
  siteSubType: z.string(),
  /** The status in the data space of the call (siteAccessType). */
  status: SiteStatusSchema,
  countryList: z.array(CountrySchema),
  countryNameList: z.array(z.string()),
  /** Active members of its team. */
  teamSize: z.number().int(),
});
export type SiteListEntry = z.infer<typeof SiteListEntrySchema>;

/** A site team member (C-147): siteTeamMemberId, userId, role, blinded flag. */
export const SiteTeamMemberSchema = z.object({
  siteTeamMemberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  roleTitle: z.string(),
  blinded: z.boolean(),
  /** The membership at this site is active (C-155). */
  active: z.boolean(),
  /** The account: ACTIVE, INVITED (has not registered yet) or DEACTIVATED. */
  accountStatus: z.string(),
});
export type SiteTeamMember = z.infer<typeof SiteTeamMemberSchema>;

/** A site with its fields (C-147) in the data space of the call (C-148). */
export const SiteDetailSchema = SiteListEntrySchema.extend({
  countryId: z.string(),
  address: z.string(),
  city: z.string(),
  /** State or province (D-047). */
  state: z.string(),
  postalCode: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** TEST or LIVE: the data space whose status this is, decided by the page's address. */
  siteAccessType: AccessTypeSchema,
  testStatus: SiteStatusSchema,
  liveStatus: SiteStatusSchema,
  siteTeamMembers: z.array(SiteTeamMemberSchema),
  updatedAt: z.string(),
});
export type SiteDetail = z.infer<typeof SiteDetailSchema>;

const text = (max: number) => z.string().trim().max(max);

/** The fields a person types for a site (create and edit). */
export const SiteInputSchema = z
  .object({
    siteId: z.string().trim().regex(SITE_CODE_PATTERN),
    name: z.string().trim().min(1).max(200),
    countryId: z.string().trim().length(2).toUpperCase(),
    siteSubType: z.enum(SITE_SUB_TYPES),
    address: text(500).default(''),
    city: text(120).default(''),
    state: text(120).default(''),
    postalCode: text(20).default(''),
    contactName: text(200).default(''),
    contactEmail: z.union([z.literal(''), z.string().trim().email().max(320)]).default(''),
    contactPhone: text(40).default(''),
  })
  .strict();
export type SiteInput = z.infer<typeof SiteInputSchema>;

export const listSites = defineEndpoint({
  id: 'listSites',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sites',
  audience: 'staff',
  permission: 'sites.view',
  summary:
    "The study's sites the caller may see (all of them for a site manager; a site role sees its own), each with its status in the page's data space",
  params: StudyParams,
  query: z
    .object({
      search: z.string().max(200).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(50),
    })
    .strict(),
  response: pageOf(SiteListEntrySchema).extend({ siteAccessType: AccessTypeSchema }),
});

export const getSite = defineEndpoint({
  id: 'getSite',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sites/:siteId',
  audience: 'staff',
  permission: 'sites.view',
  summary: "A site with its fields, its status in the page's data space and its team",
  params: SiteParams,
  response: SiteDetailSchema,
});

export const createSite = defineEndpoint({
  id: 'createSite',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sites',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  sanitize: true,
  summary: 'Create a site: ACTIVE in the test data space, PENDING in live until it is activated there; audited',
  params: StudyParams,
  body: SiteInputSchema,
  response: SiteDetailSchema,
});

export const updateSite = defineEndpoint({
  id: 'updateSite',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  sanitize: true,
  summary: "Change a site's details (the same in both data spaces); audited old → new",
  params: SiteParams,
  body: SiteInputSchema,
  response: SiteDetailSchema,
});

export const updateSiteStatus = defineEndpoint({
  id: 'updateSiteStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId/status',
  audience: 'staff',
  permission: 'sites.manage',
  reasonRequired: true,
  summary: "Change a site's status in the page's data space (C-150), with the reason; audited",
  params: SiteParams,
  body: withReason({ status: SiteStatusSchema }),
  response: SiteDetailSchema,
});

export const listUserSites = defineEndpoint({
  id: 'listUserSites',
  method: 'GET',
  path: '/api/v1/studies/:studyId/users/:userId/sites',
  audience: 'staff',
  permission: 'sites.view',
  summary:
    "The sites a user works at in a study (C-158): one's own always; another user's with users.view, within the sites the caller may see",
  params: MemberParams,
  response: z.object({ userId: z.string(), siteAccessType: AccessTypeSchema, items: z.array(SiteListEntrySchema) }),
});

export const SiteSettingsSchema = z.object({
  isAddParticipantGlobalSettingEnabled: z.boolean(),
  isDocumentGlobalSettingEnabled: z.boolean(),
  isDownloadEsourceDocsEnabled: z.boolean(),
});

export const getSiteSettings = defineEndpoint({
  id: 'getSiteSettings',
  method: 'GET',
  path: '/api/v1/studies/:studyId/site-settings',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary: 'The global site settings of a study (C-159): three flags, all off until set',
  params: StudyParams,
  response: SiteSettingsSchema.extend({ studyId: z.string() }),
});

export const updateSiteSettings = defineEndpoint({
  id: 'updateSiteSettings',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/site-settings',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  summary: 'Set the three global site settings flags of a study (C-160); audited old → new',
  params: StudyParams,
  body: SiteSettingsSchema.strict(),
  response: SiteSettingsSchema.extend({ studyId: z.string() }),
});

// ── the research team and site teams ─────────────────────────────────────────────────────────

/** A member of a study's team: the study role, its team scope, and the sites. */
export const TeamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  roleTitle: z.string(),
  /** ADMIN (study admins), STUDY_TEAM or SITE_TEAM. */
  scope: z.enum(['ADMIN', 'STUDY_TEAM', 'SITE_TEAM']),
  /** The membership of the study is active (C-155). */
  active: z.boolean(),
  readOnly: z.boolean(),
  accountStatus: z.string(),
  sites: z.array(
    z.object({
      siteTeamMemberId: z.string(),
      siteId: z.string(),
      siteCode: z.string(),
      name: z.string(),
      blinded: z.boolean(),
      active: z.boolean(),
    }),
  ),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const searchTeam = defineEndpoint({
  id: 'searchTeam',
  method: 'GET',
  path: '/api/v1/studies/:studyId/team',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary:
    "Search the study's team (C-153, A-108): scope ADMIN, STUDY_TEAM, SITE_TEAM or all (`team` maps to the site team; C-154), role `all` = no role filter; a site role sees only the teams of its sites",
  params: StudyParams,
  query: z
    .object({
      scope: z.enum([...TEAM_SCOPES, 'team', 'siteTeam']).default('all'),
      role: z.union([z.literal('all'), RoleSchema]).default('all'),
      siteId: z.string().uuid().optional(),
      search: z.string().max(200).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(50),
    })
    .strict(),
  response: pageOf(TeamMemberSchema),
});

export const addTeamMember = defineEndpoint({
  id: 'addTeamMember',
  method: 'POST',
  path: '/api/v1/studies/:studyId/team',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  summary:
    'Add an existing user to the study with a role (C-151); a site role needs the site. Someone already on the study joins another site with their role. Never a role above the caller’s',
  params: StudyParams,
  body: z
    .object({
      userId: z.string().uuid(),
      role: RoleSchema,
      siteId: z.string().uuid().optional(),
      blinded: z.boolean().optional(),
    })
    .strict(),
  response: TeamMemberSchema,
});

export const inviteTeamMember = defineEndpoint({
  id: 'inviteTeamMember',
  method: 'POST',
  path: '/api/v1/studies/:studyId/team/invitations',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  sanitize: true,
  summary:
    'Invite a person by e-mail to a role on the study or at a site (C-152): the account waits INVITED, the invitation (a #/register link) goes through the outbox, and the role counts once they register',
  params: StudyParams,
  body: z
    .object({
      email: z.string().trim().email().max(320),
      firstName: z.string().trim().min(1).max(100),
      lastName: z.string().trim().min(1).max(100),
      role: RoleSchema,
      siteId: z.string().uuid().optional(),
      blinded: z.boolean().optional(),
    })
    .strict(),
  response: TeamMemberSchema,
});

export const setTeamMemberStatus = defineEndpoint({
  id: 'setTeamMemberStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/team/:userId/status',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  reasonRequired: true,
  summary:
    'Activate or deactivate a member (C-155): on the study, or with siteId at one site; a deactivated member keeps the record and loses the access',
  params: MemberParams,
  body: withReason({ active: z.boolean(), siteId: z.string().uuid().optional() }),
  response: TeamMemberSchema,
});

export const updateTeamMemberRole = defineEndpoint({
  id: 'updateTeamMemberRole',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/team/:userId/role',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  reasonRequired: true,
  summary: "Change a member's role in the study (C-156): within the same team kind, never above the caller's rank",
  params: MemberParams,
  body: withReason({ role: RoleSchema }),
  response: TeamMemberSchema,
});

export const setSiteMemberBlinded = defineEndpoint({
  id: 'setSiteMemberBlinded',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId/team/:userId/blinded',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  reasonRequired: true,
  summary: "Set a site team member's blinded flag (C-157), with the reason; audited",
  params: SiteMemberParams,
  body: withReason({ blinded: z.boolean() }),
  response: TeamMemberSchema,
});
