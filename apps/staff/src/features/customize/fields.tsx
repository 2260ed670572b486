/**
 * The parts of the section editor (decision 0034): a text per study language with its missing
 * translations marked, a rich text as HTML with its sanitised preview, lists of items with ids (add,
 * remove, move), and the few special fields. Every part reads and writes the react-hook-form form of
 * its section; `path` is the field's place in the form (`value.screens.0.title`).
 */
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ITEM_ID_PATTERN,
  missingLanguages,
  REGISTRATION_FIELDS,
  type StudyText,
  stripUnsafeMarkup,
  TEXT_LIMITS,
} from '@trialpath/domain';
import { createContext, useContext } from 'react';
import { Controller, type FieldValues, get, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorField, ImageField } from './branding-fields';
import { IconField } from './icon-picker';
import type { FieldSpec } from './screens';

/** What every field of a section editor needs: the form, the section, the languages, read-only or not. */
export interface EditorContext {
  studyId: string;
  form: UseFormReturn<FieldValues>;
  section: string;
  /** The study's languages, the default first. */
  languages: readonly string[];
  /** The language whose texts are shown. */
  language: string;
  readOnly: boolean;
  /** The version's consents (id and name): what a cohort's consent list chooses from. */
  consents?: readonly { id: string; name: StudyText }[];
}

export const EditorCtx = createContext<EditorContext | null>(null);

export function useEditor(): EditorContext {
  const ctx = useContext(EditorCtx);
  if (!ctx) throw new Error('A section field outside its editor');
  return ctx;
}

/** The language's name in the interface language. */
export function useLanguageName() {
  const { t } = useTranslation('customize');
  return (code: string) => t(`language.name_${code}`, { defaultValue: code });
}

/** A new item id, unique enough within a list: the list's prefix and random letters. */
export function newItemId(prefix: string): string {
  const id = `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
  return ITEM_ID_PATTERN.test(id) ? id : `${prefix}-${Date.now()}`;
}

/** A new, empty item of a list with the given fields. */
export function newItem(spec: Extract<FieldSpec, { kind: 'list' }>): Record<string, unknown> {
  const item: Record<string, unknown> = { id: newItemId(spec.idPrefix) };
  for (const f of spec.fields) {
    if (f.kind === 'text' || f.kind === 'rich') item[f.name] = {};
    else if (f.kind === 'bool') item[f.name] = f.default ?? false;
    else if (f.kind === 'consentOrder') item[f.name] = [];
    else if (f.kind === 'optional' || f.kind === 'icon') item[f.name] = null;
    else if (f.kind === 'choice') item[f.name] = f.options[0];
    else if (f.kind === 'list') item[f.name] = Array.from({ length: f.min ?? 0 }, () => newItem(f));
    else if (f.kind === 'correctOption') item[f.name] = '';
  }
  // A question's correct option starts as its first option.
  for (const f of spec.fields) {
    if (f.kind === 'correctOption') {
      const options = item[f.optionsName] as { id: string }[] | undefined;
      item[f.name] = options?.[0]?.id ?? '';
    }
  }
  return item;
}

/** The first message of a field, or of any of its languages (a text required in the default language). */
function errorOf(form: UseFormReturn<FieldValues>, path: string, languages: readonly string[], lang: string) {
  const errors = form.formState.errors;
  const at = (p: string) => get(errors, p) as { message?: unknown } | undefined;
  const own = at(path);
  if (own?.message) return String(own.message);
  const here = at(`${path}.${lang}`);
  if (here?.message) return String(here.message);
  for (const l of languages) {
    const e = at(`${path}.${l}`);
    if (e?.message) return `${l.toUpperCase()}: ${e.message}`;
  }
  return undefined;
}

function fieldLabel(t: (k: string) => string, section: string, name: string) {
  return t(`field.${section}.${name}`);
}

/** The marker of a text not yet written in the shown language while written in another. */
function MissingMark({ text }: { text: StudyText }) {
  const { t } = useTranslation('customize');
  const { language, languages } = useEditor();
  const name = useLanguageName();
  const written = Object.values(text ?? {}).some((s) => s.trim() !== '');
  if (!written || !missingLanguages(text, [language]).length) return null;
  return (
    <Badge
      color="orange"
      c="orange.9"
      variant="light"
      radius="sm"
      tt="none"
      title={t('language.missingIn', { language: name(language) })}
    >
      {languages.length > 1 ? t('language.missingIn', { language: name(language) }) : t('language.missing')}
    </Badge>
  );
}

/** A text per language: shows and edits the current language's entry of the text at `path`. */
export function LocalizedTextField({
  path,
  spec,
}: {
  path: string;
  spec: Extract<FieldSpec, { kind: 'text' | 'rich' }>;
}) {
  const { t } = useTranslation('customize');
  const { form, section, languages, language, readOnly } = useEditor();
  const name = useLanguageName();
  const label = fieldLabel(t, section, spec.name);
  const rich = spec.kind === 'rich';
  const max = rich ? TEXT_LIMITS.rich : TEXT_LIMITS[spec.size];
  return (
    <Controller
      control={form.control}
      name={path}
      render={({ field }) => {
        const text = (field.value ?? {}) as StudyText;
        const value = (Object.hasOwn(text, language) ? text[language] : '') ?? '';
        const onChange = (v: string) => field.onChange({ ...text, [language]: v });
        const error = errorOf(form, path, languages, language);
        const labelNode = (
          <Group gap={6} component="span" wrap="nowrap">
            <span>{label}</span>
            <Text component="span" size="xs" c="dimmed">
              ({name(language)})
            </Text>
            <MissingMark text={text} />
          </Group>
        );
        const required = spec.kind === 'text' && spec.required && language === languages[0];
        if (!rich) {
          const Input = spec.size === 'short' ? Textarea : TextInput;
          return (
            <Input
              ref={field.ref}
              label={labelNode}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              readOnly={readOnly}
              required={required}
              maxLength={max}
              error={error}
              rows={spec.size === 'short' ? 2 : undefined}
              lang={language}
            />
          );
        }
        return (
          <Stack gap={4}>
            <Textarea
              ref={field.ref}
              label={labelNode}
              description={readOnly ? undefined : t('editor.htmlHint')}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              readOnly={readOnly}
              rows={5}
              maxLength={max}
              error={error}
              styles={{ input: { fontFamily: 'monospace' } }}
              lang={language}
            />
            <RichPreview html={value} label={`${t('editor.preview')}: ${label}`} />
          </Stack>
        );
      }}
    />
  );
}

/** The rich text as the participant will see it: sanitised by the same rule as the server's. */
export function RichPreview({ html, label }: { html: string; label: string }) {
  const { t } = useTranslation('customize');
  const clean = stripUnsafeMarkup(html);
  return (
    <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-0)" role="region" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} mb={2}>
        {t('editor.preview')}
      </Text>
      {clean.trim() === '' ? (
        <Text size="sm" c="dimmed">
          {t('editor.previewEmpty')}
        </Text>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by stripUnsafeMarkup, the server's own rule (A-166)
        <Box fz="sm" className="tp-rich-preview" dangerouslySetInnerHTML={{ __html: clean }} />
      )}
    </Paper>
  );
}

/** Any field of a section (or of a list item) at `base` (`value` or `value.screens.0`). */
export function SectionField({ base, spec }: { base: string; spec: FieldSpec }) {
  const { t } = useTranslation('customize');
  const { form, section, readOnly } = useEditor();
  const path = `${base}.${spec.name}`;
  const label = fieldLabel(t, section, spec.name);
  switch (spec.kind) {
    case 'text':
    case 'rich':
      return <LocalizedTextField path={path} spec={spec} />;
    case 'bool':
      return (
        <Controller
          control={form.control}
          name={path}
          render={({ field }) => (
            <Switch
              ref={field.ref}
              label={label}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              disabled={readOnly}
            />
          )}
        />
      );
    case 'optional':
      return (
        <Controller
          control={form.control}
          name={path}
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              label={label}
              type={spec.input === 'email' ? 'email' : spec.input === 'url' ? 'url' : 'text'}
              value={(field.value as string | null) ?? ''}
              onChange={(e) => field.onChange(e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
              onBlur={field.onBlur}
              readOnly={readOnly}
              error={fieldState.error?.message}
            />
          )}
        />
      );
    case 'choice':
      return (
        <Controller
          control={form.control}
          name={path}
          render={({ field, fieldState }) => (
            <Radio.Group
              label={label}
              value={String(field.value ?? '')}
              onChange={(v) => field.onChange(v)}
              error={fieldState.error?.message}
            >
              <Group gap="md" mt={4}>
                {spec.options.map((o) => (
                  <Radio key={o} value={o} label={choiceLabel(t, section, spec.name, o)} disabled={readOnly} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
      );
    case 'order':
      return (
        <OrderField
          path={path}
          label={label}
          options={spec.options.map((o) => ({ value: o, label: t(`field.step.${o}`, { defaultValue: o }) }))}
        />
      );
    case 'consentOrder':
      return <ConsentOrderField path={path} label={label} />;
    case 'list':
      return <ListField path={path} spec={spec} />;
    case 'correctOption':
      return <CorrectOptionField base={base} spec={spec} label={label} />;
    case 'registrationFields':
      return <RegistrationFieldsTable path={path} label={label} />;
    case 'color':
      return <ColorField path={path} label={label} required={spec.required} />;
    case 'image':
      return <ImageField path={path} label={label} type={spec.type} />;
    case 'icon':
      return <IconField path={path} label={label} />;
  }
}

function choiceLabel(t: (k: string) => string, section: string, name: string, value: string) {
  if (section === 'registration' && name === 'verificationMethod') return t(`field.verification.${value}`);
  if (name === 'qualifyingAnswer') return t(`field.answer.${value}`);
  return value;
}

/** A cohort's consents: some of the version's consents, in order, named in the shown language. */
function ConsentOrderField({ path, label }: { path: string; label: string }) {
  const { consents = [], language, languages } = useEditor();
  const options = consents.map((c) => ({
    value: c.id,
    label: c.name[language]?.trim() || c.name[languages[0] ?? '']?.trim() || c.id,
  }));
  return <OrderField path={path} label={label} options={options} />;
}

/** Some of a few values in a chosen order: each on or off, and moved up or down. */
function OrderField({
  path,
  label,
  options,
}: {
  path: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { form, readOnly } = useEditor();
  return (
    <Controller
      control={form.control}
      name={path}
      render={({ field, fieldState }) => {
        const chosen = (field.value ?? []) as string[];
        const nameOf = new Map(options.map((o) => [o.value, o.label]));
        const rest = options.map((o) => o.value).filter((o) => !chosen.includes(o));
        const move = (from: number, to: number) => {
          const next = [...chosen];
          const [v] = next.splice(from, 1);
          next.splice(to, 0, v!);
          field.onChange(next);
        };
        return (
          <Fieldset legend={label} variant="unstyled">
            <Stack gap={4}>
              {[...chosen, ...rest].map((o) => {
                const index = chosen.indexOf(o);
                const on = index >= 0;
                const name = nameOf.get(o) ?? o;
                return (
                  <Group key={o} gap="xs" wrap="nowrap">
                    <Checkbox
                      label={on ? `${index + 1}. ${name}` : name}
                      checked={on}
                      disabled={readOnly}
                      onChange={(e) =>
                        field.onChange(e.currentTarget.checked ? [...chosen, o] : chosen.filter((c) => c !== o))
                      }
                      style={{ flex: 1 }}
                    />
                    {!readOnly && on && (
                      <MoveButtons
                        name={name}
                        first={index === 0}
                        last={index === chosen.length - 1}
                        onUp={() => move(index, index - 1)}
                        onDown={() => move(index, index + 1)}
                      />
                    )}
                  </Group>
                );
              })}
            </Stack>
            {fieldState.error?.message && (
              <Text c="red" size="sm">
                {fieldState.error.message}
              </Text>
            )}
          </Fieldset>
        );
      }}
    />
  );
}

function MoveButtons(props: { name: string; first: boolean; last: boolean; onUp: () => void; onDown: () => void }) {
  const { t } = useTranslation('customize');
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`${t('editor.moveUp')}: ${props.name}`}
        disabled={props.first}
        onClick={props.onUp}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`${t('editor.moveDown')}: ${props.name}`}
        disabled={props.last}
        onClick={props.onDown}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}

/** An item's name in the list: its title in the shown language (else the default's), else its number. */
function useItemName(path: string, spec: Extract<FieldSpec, { kind: 'list' }>, index: number) {
  const { t } = useTranslation('customize');
  const { form, section, language, languages } = useEditor();
  const title = useWatch({ control: form.control, name: `${path}.${index}.${spec.titleField}` }) as
    | StudyText
    | undefined;
  const text = title?.[language]?.trim() || title?.[languages[0] ?? '']?.trim();
  const kind = fieldLabel(t, section, spec.name);
  return { heading: t('editor.item', { label: kind, number: index + 1 }), name: text || t('editor.untitled') };
}

function ListItem(props: {
  path: string;
  spec: Extract<FieldSpec, { kind: 'list' }>;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('customize');
  const { readOnly } = useEditor();
  const { path, spec, index, count } = props;
  const { heading, name } = useItemName(path, spec, index);
  const base = `${path}.${index}`;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid={`${spec.name}-item`}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm">
          {heading}: {name}
        </Text>
        {!readOnly && (
          <Group gap={4} wrap="nowrap">
            <MoveButtons
              name={`${heading} ${name}`}
              first={index === 0}
              last={index === count - 1}
              onUp={() => props.onMove(index, index - 1)}
              onDown={() => props.onMove(index, index + 1)}
            />
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              disabled={count <= (spec.min ?? 0)}
              onClick={() => props.onRemove(index)}
              aria-label={`${t('editor.remove')}: ${heading} ${name}`}
            >
              {t('editor.remove')}
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        {spec.fields.map((f) => (
          <SectionField key={f.name} base={base} spec={f} />
        ))}
      </Stack>
    </Paper>
  );
}

/** A list of items with ids: add at the end, remove, move up and down (the order is saved with the section). */
export function ListField({ path, spec }: { path: string; spec: Extract<FieldSpec, { kind: 'list' }> }) {
  const { t } = useTranslation('customize');
  const { form, section, readOnly } = useEditor();
  const list = useFieldArray({ control: form.control, name: path, keyName: 'key' });
  const label = fieldLabel(t, section, spec.name);
  const error = get(form.formState.errors, path) as { message?: unknown } | undefined;
  return (
    <Fieldset legend={label} variant="unstyled">
      {list.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('editor.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.fields.map((item, index) => (
            <ListItem
              key={item.key}
              path={path}
              spec={spec}
              index={index}
              count={list.fields.length}
              onMove={(from, to) => list.move(from, to)}
              onRemove={(i) => list.remove(i)}
            />
          ))}
        </Stack>
      )}
      {typeof error?.message === 'string' && (
        <Text c="red" size="sm">
          {error.message}
        </Text>
      )}
      {!readOnly && list.fields.length < spec.max && (
        <Button variant="default" size="xs" mt="sm" onClick={() => list.append(newItem(spec))}>
          {t('editor.add')}: {label}
        </Button>
      )}
    </Fieldset>
  );
}

/** A quiz question's correct option: one of its options, by their texts in the shown language. */
function CorrectOptionField({
  base,
  spec,
  label,
}: {
  base: string;
  spec: Extract<FieldSpec, { kind: 'correctOption' }>;
  label: string;
}) {
  const { t } = useTranslation('customize');
  const { form, language, languages, readOnly } = useEditor();
  const options = (useWatch({ control: form.control, name: `${base}.${spec.optionsName}` }) ?? []) as {
    id: string;
    text: StudyText;
  }[];
  return (
    <Controller
      control={form.control}
      name={`${base}.${spec.name}`}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={label}
          placeholder={t('editor.noChoice')}
          data={options.map((o, i) => ({
            value: o.id,
            label: o.text?.[language]?.trim() || o.text?.[languages[0] ?? '']?.trim() || `${i + 1}`,
          }))}
          value={(field.value as string) || null}
          onChange={(v) => field.onChange(v ?? '')}
          readOnly={readOnly}
          error={fieldState.error?.message}
          allowDeselect={false}
        />
      )}
    />
  );
}

/** The registration form's fields: whether each is asked and required. */
function RegistrationFieldsTable({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation('customize');
  const { form, readOnly } = useEditor();
  return (
    <Fieldset legend={label} variant="unstyled">
      <Table aria-label={label} withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th>{t('editor.asked')}</Table.Th>
            <Table.Th>{t('editor.required')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {REGISTRATION_FIELDS.map((f) => {
            const name = t(`field.registrationField.${f}`);
            return (
              <Table.Tr key={f}>
                <Table.Td>{name}</Table.Td>
                {(['asked', 'required'] as const).map((part) => (
                  <Table.Td key={part}>
                    <Controller
                      control={form.control}
                      name={`${path}.${f}.${part}`}
                      render={({ field, fieldState }) => (
                        <Checkbox
                          ref={field.ref}
                          aria-label={`${name}: ${t(`editor.${part}`)}`}
                          checked={Boolean(field.value)}
                          disabled={readOnly}
                          onChange={(e) => field.onChange(e.currentTarget.checked)}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Fieldset>
  );
}
