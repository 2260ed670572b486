/**
 * The consent's Part 11 signature (21 CFR 11.50, 11.200): the meaning shown and accepted, the typed full
 * name, the password again (participant only; a preview asks none) and, when the consent asks, a drawn
 * signature beside the typed name.
 */
import { Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import type { ConsentLabels } from './labels';
import { SignaturePad } from './SignaturePad';
import type { SignatureProblem } from './steps';

export interface SignatureValues {
  meaningAccepted: boolean;
  typedName: string;
  password: string;
  drawnSignature: string | null;
}

export function SignatureBody({
  values,
  onChange,
  meaning,
  withPassword,
  withDrawing,
  labels,
  problems,
  level,
}: {
  values: SignatureValues;
  onChange: (patch: Partial<SignatureValues>) => void;
  meaning: string;
  withPassword: boolean;
  withDrawing: boolean;
  labels: ConsentLabels;
  /** What Sign found missing (empty until Sign was pressed). */
  problems: readonly SignatureProblem[];
  level: 3 | 4 | 5 | 6;
}) {
  const meaningId = useId();
  const drawId = useId();
  const drawHintId = useId();
  const sub = Math.min(6, level + 1) as 4 | 5 | 6;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={meaningId}>
        <Stack gap="xs">
          <Title order={sub} fz="h5" id={meaningId}>
            {labels.meaningHeading}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="signature-meaning">
            {meaning}
          </Text>
        </Stack>
      </Paper>
      <Checkbox
        size="md"
        label={labels.acceptMeaning}
        checked={values.meaningAccepted}
        onChange={(e) => onChange({ meaningAccepted: e.currentTarget.checked })}
        error={problems.includes('meaning') ? labels.acceptMeaningRequired : undefined}
      />
      <TextInput
        size="md"
        label={labels.typedName}
        description={labels.typedNameHint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={values.typedName}
        onChange={(e) => onChange({ typedName: e.currentTarget.value })}
        autoComplete="name"
        maxLength={200}
        required
        error={problems.includes('typedName') ? labels.typedNameRequired : undefined}
      />
      {withPassword && (
        <PasswordInput
          size="md"
          label={labels.password}
          description={labels.passwordHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={values.password}
          onChange={(e) => onChange({ password: e.currentTarget.value })}
          autoComplete="current-password"
          maxLength={200}
          required
          error={problems.includes('password') ? labels.passwordRequired : undefined}
        />
      )}
      {withDrawing && (
        <Stack gap={6} component="section" aria-labelledby={drawId} aria-describedby={drawHintId}>
          <Title order={sub} fz="h5" id={drawId}>
            {labels.drawHeading}
          </Title>
          <Text size="sm" id={drawHintId}>
            {labels.drawHint}
          </Text>
          <SignaturePad
            value={values.drawnSignature}
            onChange={(drawnSignature) => onChange({ drawnSignature })}
            labels={labels}
          />
        </Stack>
      )}
    </Stack>
  );
}
