/**
 * The frame of the shell's side panels — a call's and a playback's (002 §2, §9; F-044 … F-048): fixed at the right
 * beside the page at 26% of the width (the shell gives the page 74%), the whole window in full screen, or small in
 * the corner above the page while one shares one's screen (F-046: the page keeps the whole width).
 */
import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export function SidePanel({
  label,
  fullScreen,
  testId,
  gap,
  small = false,
  children,
}: {
  label: string;
  fullScreen: boolean;
  small?: boolean;
  testId: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Paper
      component="aside"
      aria-label={label}
      shadow="md"
      p="sm"
      style={{
        position: 'fixed',
        ...(small
          ? { bottom: 48, right: 8, width: 400, height: 540, zIndex: 150 }
          : {
              top: fullScreen ? 0 : 60,
              bottom: fullScreen ? 0 : 40,
              right: 0,
              width: fullScreen ? '100%' : '26%',
              zIndex: fullScreen ? 300 : 150,
            }),
        background: '#25262b',
        display: 'flex',
        flexDirection: 'column',
        gap,
      }}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}
