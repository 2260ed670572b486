/** SFTP destinations and transfers (decision H-sftp): HTTP wiring only. */
import {
  createSftpDestination,
  disconnectSftpDestination,
  getSftpDestination,
  listSftpDestinations,
  listSftpTransfers,
  retrySftpTransfer,
  startSftpTransfer,
  testSftpDestination,
  testSftpDetails,
  updateSftpDestination,
  uploadSftpPem,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as destinations from './sftp.service';
import * as transfers from './sftp-transfers.service';

/** The connection tests are `grouped`: no transaction is open while the SFTP server answers (decision H-sftp). */
const outsideTransaction = { grouped: true };

export const sftpRoutes = [
  route(listSftpDestinations, (ctx) => destinations.destinationList(ctx, ctx.params)),
  route(createSftpDestination, (ctx) => destinations.createDestination(ctx, { ...ctx.params, ...ctx.body })),
  route(getSftpDestination, (ctx) => destinations.destinationDetails(ctx, ctx.params)),
  route(updateSftpDestination, (ctx) => destinations.changeDestination(ctx, { ...ctx.params, ...ctx.body })),
  route(disconnectSftpDestination, (ctx) => destinations.disconnectDestination(ctx, ctx.params)),
  route(testSftpDetails, (ctx) => destinations.testDetails(ctx, { ...ctx.params, ...ctx.body }), outsideTransaction),
  route(testSftpDestination, (ctx) => destinations.testDestination(ctx, ctx.params), outsideTransaction),
  route(uploadSftpPem, (ctx) =>
    destinations.readKeyFile(ctx, { ...ctx.params, fileType: ctx.query.fileType, data: ctx.upload?.data ?? null }),
  ),
  route(startSftpTransfer, (ctx) => transfers.transferNow(ctx, { ...ctx.params, ...ctx.body })),
  route(retrySftpTransfer, (ctx) => transfers.retryTransfer(ctx, ctx.params)),
  route(listSftpTransfers, (ctx) => transfers.transferLog(ctx, { ...ctx.params, ...ctx.query })),
];
