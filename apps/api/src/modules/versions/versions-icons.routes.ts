import { getIconLibraryIcon, listIconLibrary } from '@trialpath/contract';
import { route } from '../../http/context';
import * as icons from './versions-icons.service';

export const iconLibraryRoutes = [
  route(listIconLibrary, async (ctx) => icons.listIconLibrary(ctx, ctx.query)),
  route(getIconLibraryIcon, (ctx) => icons.iconLibraryIcon(ctx, ctx.params)),
];
