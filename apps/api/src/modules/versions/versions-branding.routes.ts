import { deleteBrandingImage, getBrandingFile, listBrandingLogos, uploadBrandingImage } from '@trialpath/contract';
import { route } from '../../http/context';
import * as branding from './versions-branding.service';

export const brandingRoutes = [
  route(uploadBrandingImage, (ctx) => branding.uploadBrandingImage(ctx, { ...ctx.params, ...ctx.query }, ctx.upload)),
  route(deleteBrandingImage, (ctx) => branding.deleteBrandingImage(ctx, { ...ctx.params, ...ctx.query })),
  route(getBrandingFile, (ctx) => branding.brandingFile(ctx, ctx.params)),
  route(listBrandingLogos, (ctx) => branding.brandingLogos(ctx, { ...ctx.params, ...ctx.query })),
];
