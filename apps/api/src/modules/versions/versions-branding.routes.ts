import {
  deleteBrandingImage,
  getBrandingFile,
  getParticipantWebStudy,
  listBrandingLogos,
  uploadBrandingImage,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { participantWebStudy } from '../studies/studies.service';
import * as branding from './versions-branding.service';
import { prototypeForPortal } from './versions-prototype.service';

export const brandingRoutes = [
  route(uploadBrandingImage, (ctx) => branding.uploadBrandingImage(ctx, { ...ctx.params, ...ctx.query }, ctx.upload)),
  route(deleteBrandingImage, (ctx) => branding.deleteBrandingImage(ctx, { ...ctx.params, ...ctx.query })),
  route(getBrandingFile, (ctx) => branding.brandingFile(ctx, ctx.params)),
  route(listBrandingLogos, (ctx) => branding.brandingLogos(ctx, { ...ctx.params, ...ctx.query })),
  // The portal's study facts with the live version's branding (studies cannot read versions: versions → studies).
  // A prototype link shows the frozen draft's look instead (decision 0043).
  route(getParticipantWebStudy, async (ctx) => {
    const study = await participantWebStudy(ctx, ctx.params);
    if (ctx.query.prototype)
      return { ...study, ...(await prototypeForPortal(ctx, study.studyId, ctx.query.prototype)) };
    return { ...study, branding: await branding.liveBranding(ctx, study.studyId), prototype: null };
  }),
];
