import {
  addTeamMember,
  createSite,
  getSite,
  getSiteSettings,
  inviteTeamMember,
  listSites,
  listUserSites,
  searchTeam,
  setSiteMemberBlinded,
  setTeamMemberStatus,
  updateSite,
  updateSiteSettings,
  updateSiteStatus,
  updateTeamMemberRole,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as sites from './sites.service';
import * as teams from './teams.service';

export const siteRoutes = [
  route(listSites, (ctx) => sites.siteList(ctx, { ...ctx.params, ...ctx.query })),
  route(getSite, (ctx) => sites.siteDetail(ctx, ctx.params)),
  route(createSite, (ctx) => sites.createSite(ctx, { studyId: ctx.params.studyId, body: ctx.body })),
  route(updateSite, (ctx) => sites.updateSite(ctx, { ...ctx.params, body: ctx.body })),
  route(updateSiteStatus, (ctx) => sites.updateSiteStatus(ctx, { ...ctx.params, status: ctx.body.status })),
  route(listUserSites, (ctx) => sites.userSites(ctx, ctx.params)),
  route(getSiteSettings, (ctx) => sites.siteSettings(ctx, ctx.params)),
  route(updateSiteSettings, (ctx) => sites.updateSiteSettings(ctx, { ...ctx.params, ...ctx.body })),
  route(searchTeam, (ctx) => teams.teamSearch(ctx, { ...ctx.params, ...ctx.query })),
  route(addTeamMember, (ctx) => teams.addMember(ctx, { ...ctx.params, ...ctx.body })),
  route(inviteTeamMember, (ctx) => teams.inviteMember(ctx, { ...ctx.params, ...ctx.body })),
  route(setTeamMemberStatus, (ctx) =>
    teams.setMemberStatus(ctx, { ...ctx.params, active: ctx.body.active, siteId: ctx.body.siteId }),
  ),
  route(updateTeamMemberRole, (ctx) => teams.setMemberRole(ctx, { ...ctx.params, role: ctx.body.role })),
  route(setSiteMemberBlinded, (ctx) => teams.setMemberBlinded(ctx, { ...ctx.params, blinded: ctx.body.blinded })),
];
