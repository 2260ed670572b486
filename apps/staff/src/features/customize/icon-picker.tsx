/**
 * The icon of a welcome screen, learn-more section or info screen (C-126, decision 0040): a button
 * showing the chosen icon (or "No icon") opens a dialog with a search and a paged grid of the icon
 * library (listIconLibrary, 25 a page: a 5 × 5 grid, one of the list sizes of A-242). Choosing an icon,
 * or "No icon", sets the field; it is saved with the section like any other field.
 */
import { Box, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { buildPath, getIconLibraryIcon, listIconLibrary } from '@trialpath/contract';
import { iconLabel, isIconId } from '@trialpath/domain';
import { ErrorAlert, TableEmpty, uiLabel, useServerPaging } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { useEditor } from './fields';

const PAGE_SIZE = 25;
/** A page's grid keeps its height whatever the search finds, so the dialog does not jump. */
const ROW_HEIGHT = 60;
const GRID_HEIGHT = 5 * ROW_HEIGHT + 4 * 8;
const PAGER_HEIGHT = 30;

const iconUrl = (id: string) => buildPath(getIconLibraryIcon.path, { iconId: id });

/** An icon as an image that says nothing itself: the button or text beside it names it. */
function IconImage({ id, size }: { id: string; size: number }) {
  return <img src={iconUrl(id)} alt="" width={size} height={size} style={{ display: 'block' }} />;
}

export function IconField({ path, label }: { path: string; label: string }) {
  const { t, i18n } = useTranslation('customize');
  const { form, readOnly } = useEditor();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  return (
    <Controller
      control={form.control}
      name={path}
      render={({ field, fieldState }) => {
        const id = (field.value as string | null | undefined) ?? null;
        const known = id !== null && isIconId(id);
        const name =
          id === null ? t('field.icon.none') : known ? iconLabel(id, i18n.language) : t('field.icon.unknown', { id });
        const error = fieldState.error?.message;
        const choose = (value: string | null) => {
          field.onChange(value);
          setOpen(false);
        };
        return (
          <Stack gap={4}>
            <Text id={labelId} size="sm" fw={500}>
              {label}
            </Text>
            <Group gap="xs" wrap="wrap">
              {readOnly ? (
                <Group gap="xs" wrap="nowrap">
                  {known && <IconImage id={id} size={20} />}
                  <Text size="sm" id={valueId}>
                    {name}
                  </Text>
                </Group>
              ) : (
                <Button
                  ref={field.ref}
                  variant="default"
                  aria-labelledby={`${labelId} ${valueId}`}
                  aria-haspopup="dialog"
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                  leftSection={known ? <IconImage id={id} size={20} /> : undefined}
                  onClick={() => setOpen(true)}
                  data-testid="icon-field"
                >
                  <span id={valueId}>{name}</span>
                </Button>
              )}
              {!readOnly && id !== null && (
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => {
                    field.onChange(null);
                    // the button goes away with the icon: focus stays on the field
                    form.setFocus(path);
                  }}
                >
                  {t('field.icon.remove')}
                </Button>
              )}
            </Group>
            {error && (
              <Text id={errorId} c="red.8" size="sm">
                {error}
              </Text>
            )}
            <Modal
              opened={open}
              onClose={() => setOpen(false)}
              title={t('field.icon.choose')}
              size="lg"
              closeButtonProps={{ 'aria-label': uiLabel('close', i18n.language) }}
            >
              <IconPicker value={id} onChoose={choose} onCancel={() => setOpen(false)} />
            </Modal>
          </Stack>
        );
      }}
    />
  );
}

/** A page button that stays focusable at the first or last page (focus is not lost when it stops applying). */
function PageButton(props: { enabled: boolean; onClick: () => void; children: string }) {
  return (
    <Button
      variant="default"
      size="xs"
      data-disabled={!props.enabled || undefined}
      aria-disabled={!props.enabled || undefined}
      onClick={() => props.enabled && props.onClick()}
    >
      {props.children}
    </Button>
  );
}

/** The dialog's content (mounted while it is open): search, the page of icons, the pages, "No icon". */
function IconPicker(props: { value: string | null; onChoose: (id: string | null) => void; onCancel: () => void }) {
  const { t } = useTranslation('customize');
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 250);
  const { page, setPage } = useServerPaging(PAGE_SIZE);
  const list = useEndpointQuery(
    listIconLibrary,
    { query: { pageNum: page, pageSize: PAGE_SIZE, ...(searched ? { search: searched } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const current = Math.min(page, pages);
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t('field.icon.search')}
        description={t('field.icon.searchHint')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      {list.isError && !data ? (
        <ErrorAlert>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <span>{t('field.icon.loadError')}</span>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('field.icon.retry')}
            </Button>
          </Group>
        </ErrorAlert>
      ) : !data ? (
        <Center mih={GRID_HEIGHT}>
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('field.icon.count', { count: data.total })}
          </Text>
          {data.items.length === 0 ? (
            <Box mih={GRID_HEIGHT}>
              <TableEmpty title={t('field.icon.empty')} hint={t('field.icon.emptyHint')} />
            </Box>
          ) : (
            <SimpleGrid
              cols={{ base: 3, xs: 5 }}
              spacing="xs"
              verticalSpacing="xs"
              aria-busy={list.isFetching || undefined}
              data-testid="icon-grid"
              mih={GRID_HEIGHT}
              style={{ alignContent: 'start' }}
            >
              {data.items.map((item) => {
                const chosen = item.id === props.value;
                return (
                  <Button
                    key={item.id}
                    variant={chosen ? 'light' : 'default'}
                    aria-pressed={chosen}
                    onClick={() => props.onChoose(item.id)}
                    h={ROW_HEIGHT}
                    py={6}
                    px={4}
                    styles={{
                      root: chosen ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined,
                      inner: { justifyContent: 'center' },
                      label: {
                        flexDirection: 'column',
                        gap: 4,
                        whiteSpace: 'normal',
                        textAlign: 'center',
                        lineHeight: 1.2,
                        fontWeight: 500,
                      },
                    }}
                  >
                    <IconImage id={item.id} size={24} />
                    <Text component="span" size="xs" inherit>
                      {item.label}
                    </Text>
                  </Button>
                );
              })}
            </SimpleGrid>
          )}
          {pages > 1 ? (
            <Group component="nav" aria-label={t('field.icon.pages')} justify="center" gap="sm" h={PAGER_HEIGHT}>
              <PageButton enabled={current > 1} onClick={() => setPage(current - 1)}>
                {t('field.icon.previousPage')}
              </PageButton>
              <Text size="sm" aria-live="polite">
                {t('field.icon.pageOf', { page: current, pages })}
              </Text>
              <PageButton enabled={current < pages} onClick={() => setPage(current + 1)}>
                {t('field.icon.nextPage')}
              </PageButton>
            </Group>
          ) : (
            <Box h={PAGER_HEIGHT} />
          )}
        </>
      )}
      <Group justify="space-between" mt="xs">
        <Button variant="default" aria-pressed={props.value === null} onClick={() => props.onChoose(null)}>
          {t('field.icon.none')}
        </Button>
        <Button variant="subtle" onClick={props.onCancel}>
          {t('field.icon.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
