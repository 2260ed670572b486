import {
  deleteStudyVideo,
  getStudyVideoConversion,
  listStudyVideos,
  playStudyVideo,
  uploadStudyVideo,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as videos from './videos.service';

export const studyVideoRoutes = [
  route(uploadStudyVideo, (ctx) => videos.uploadVideo(ctx, { ...ctx.params, ...ctx.query }, ctx.upload)),
  route(listStudyVideos, (ctx) => videos.studyVideoList(ctx, ctx.params)),
  route(getStudyVideoConversion, (ctx) => videos.videoConversion(ctx, ctx.params)),
  route(deleteStudyVideo, (ctx) => videos.deleteVideo(ctx, ctx.params)),
  route(playStudyVideo, (ctx) => videos.playVideo(ctx, ctx.params)),
];
