import { Checkbox, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { allowsMultiple, chosenOptionIds, localize, optionsOf, type QuestionOf } from '@trialpath/domain';
import type { ReactNode } from 'react';
import { choiceAnswer } from './choice';
import type { TypeFieldProps } from './parts';

/** One card: the picture and the option's text under it (which names the card, so the picture is decorative). */
function CardBody({ src, text, control }: { src?: string | undefined; text: string; control: ReactNode }) {
  return (
    <Stack gap={6} p="xs">
      {src ? <Image src={src} alt="" h={120} fit="contain" /> : null}
      <Group gap="xs" wrap="nowrap">
        {control}
        <Text size="sm">{text}</Text>
      </Group>
    </Stack>
  );
}

/**
 * ImageChoice: selectable picture cards, radios (role radio) or checkboxes (role checkbox) when the
 * question takes several. The answer is the same as MultiChoice's.
 */
export function ImageChoiceField(props: TypeFieldProps<QuestionOf<'ImageChoice'>>) {
  const { question: q, value, onChange, label, language, id, error, required, disabled } = props;
  const ids = chosenOptionIds(value);
  const options = optionsOf(q).map((o) => ({ id: o.id, text: localize(o.body, language), src: o.imageUrl }));
  const invalid = error ? true : undefined;
  const grid = { cols: { base: 2, sm: 3 }, spacing: 'sm', mt: 'xs' } as const;
  if (allowsMultiple(q)) {
    return (
      <Checkbox.Group
        id={id}
        label={label}
        error={error}
        withAsterisk={required}
        value={[...ids]}
        onChange={(next) => onChange(choiceAnswer(q, next))}
      >
        <SimpleGrid {...grid}>
          {options.map((o) => (
            <Checkbox.Card key={o.id} value={o.id} aria-invalid={invalid} disabled={disabled}>
              <CardBody src={o.src} text={o.text} control={<Checkbox.Indicator />} />
            </Checkbox.Card>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={ids[0] ?? null}
      onChange={(next) => onChange(choiceAnswer(q, [next]))}
    >
      <SimpleGrid {...grid}>
        {options.map((o) => (
          <Radio.Card key={o.id} value={o.id} aria-invalid={invalid} disabled={disabled}>
            <CardBody src={o.src} text={o.text} control={<Radio.Indicator />} />
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
