import {
  configureStudyDocument,
  deleteDocumentDisclaimerImage,
  deleteStudyDocument,
  downloadStudyDocument,
  getDocumentImage,
  getStudyDocumentPages,
  listStudyDocuments,
  setStudyDocumentStatus,
  uploadDocumentDisclaimerImage,
  uploadStudyDocument,
} from '@trialpath/contract';
import { BinaryResponse, route } from '../../http/context';
import * as documents from './documents.service';
import { fileHeaders } from './files.service';

export const documentRoutes = [
  route(listStudyDocuments, (ctx) => documents.documentList(ctx, { ...ctx.params, ...ctx.query })),
  route(uploadStudyDocument, (ctx) => documents.addDocument(ctx, { ...ctx.params, ...ctx.query }, ctx.upload)),
  route(configureStudyDocument, (ctx) => documents.configureDocument(ctx, { ...ctx.params, ...ctx.body })),
  route(setStudyDocumentStatus, (ctx) => documents.setDocumentStatus(ctx, { ...ctx.params, ...ctx.body })),
  route(deleteStudyDocument, (ctx) => documents.deleteDocument(ctx, ctx.params)),
  route(downloadStudyDocument, (ctx) => documents.downloadDocument(ctx, ctx.params)),
  route(getStudyDocumentPages, (ctx) => documents.documentPages(ctx, { ...ctx.params, ...ctx.query })),
  route(uploadDocumentDisclaimerImage, (ctx) => documents.addDisclaimerImage(ctx, ctx.params, ctx.upload)),
  route(deleteDocumentDisclaimerImage, (ctx) => documents.removeDisclaimerImage(ctx, ctx.params)),
  route(getDocumentImage, async (ctx) => {
    const { file, data } = await documents.disclaimerImage(ctx, ctx.params);
    return new BinaryResponse(file.contentType, data, fileHeaders(file.contentType, 'inline'));
  }),
];
