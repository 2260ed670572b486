import { getProfileImage, updateProfile, uploadProfileImage } from '@trialpath/contract';
import { route } from '../../http/context';
import * as profile from './profile.service';

export const profileRoutes = [
  route(updateProfile, (ctx) => profile.updateProfile(ctx, ctx.body)),
  route(uploadProfileImage, (ctx) => profile.uploadProfileImage(ctx, ctx.upload)),
  route(getProfileImage, (ctx) => profile.profileImage(ctx, ctx.params)),
];
