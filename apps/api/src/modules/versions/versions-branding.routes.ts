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

export const brandingRoutes = [
  route(uploadBrandingImage, (ctx) => branding.uploadBrandingImage(ctx, { ...ctx.params, ...ctx.query }, ctx.upload)),
  route(deleteBrandingImage, (ctx) => branding.deleteBrandingImage(ctx, { ...ctx.params, ...ctx.query })),
  route(getBrandingFile, (ctx) => branding.brandingFile(ctx, ctx.params)),
  route(listBrandingLogos, (ctx) => branding.brandingLogos(ctx, { ...ctx.params, ...ctx.query })),
  // The portal's study facts with the live version's branding (studies cannot read versions: versions → studies).
  route(getParticipantWebStudy, async (ctx) => {
    const study = await participantWebStudy(ctx, ctx.params);
    return { ...study, branding: await branding.liveBranding(ctx, study.studyId) };
  }),
];
