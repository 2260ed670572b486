import { createContext, useContext } from 'react';

/** Parameters of the current route beyond the study code (e.g. the reset token). */
export const RouteParamsContext = createContext<Readonly<Record<string, string>>>({});

export function useRouteParam(name: string): string {
  return useContext(RouteParamsContext)[name] ?? '';
}
