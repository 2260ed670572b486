import { Anchor, Button, type ButtonProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useStudy } from './study-context';

/** The page's main action: full width, large touch target, in the study colour with contrasting text. */
export function PrimaryButton({
  children,
  ...props
}: ButtonProps & { type?: 'submit' | 'button'; onClick?: () => void; children: ReactNode }) {
  const { color, contrast } = useStudy();
  return (
    <Button
      size="lg"
      fullWidth
      color={color}
      style={
        !props.variant || props.variant === 'filled' ? ({ '--button-color': contrast } as CSSProperties) : undefined
      }
      {...props}
    >
      {children}
    </Button>
  );
}

export { ErrorAlert, SuccessAlert } from '@trialpath/ui';
export { PageTitle } from './parts-plain';

/** A secondary link (to a route path) with a comfortable touch target. */
export function TouchLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor href={`#${to}`} className="tp-touch" fw={500}>
      {children}
    </Anchor>
  );
}
