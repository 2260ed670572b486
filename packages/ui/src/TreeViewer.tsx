import { Box, Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useMessages } from './i18n';
import { allBranchPaths, formatLeaf, isBranch, readableKey, visibleEntries } from './tree';

export interface TreeViewerProps {
  data: unknown;
  /** Show "createdAt" as "Created At". */
  readableKeys?: boolean;
  /** Paths open at first (default: none). */
  initiallyOpen?: string[];
  /** Accessible name of the tree. */
  label?: string;
}

/**
 * Generic expandable tree for structured data (002 §2): expand/collapse per node, Open All and
 * Close All, keys containing "timestamp" hidden, optional readable key names.
 */
export function TreeViewer({ data, readableKeys = false, initiallyOpen = [], label }: TreeViewerProps) {
  const { label: t } = useMessages();
  const [open, setOpen] = useState<Set<string>>(() => new Set(initiallyOpen));
  const toggle = (path: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const entries = visibleEntries(data);
  const name = (k: string) => (readableKeys ? readableKey(k) : k);

  const renderLevel = (value: unknown, prefix: string, level: number) => (
    <Box component="ul" role="group" m={0} p={0} pl={level === 1 ? 0 : 18} style={{ listStyle: 'none' }}>
      {visibleEntries(value).map(([k, v]) => {
        const path = prefix ? `${prefix}/${k}` : k;
        if (!isBranch(v)) {
          return (
            <Box component="li" role="treeitem" aria-level={level} key={path} py={2}>
              <Text span fw={600} size="sm">
                {name(k)}:
              </Text>{' '}
              <Text span size="sm" style={{ wordBreak: 'break-word' }}>
                {formatLeaf(v)}
              </Text>
            </Box>
          );
        }
        const expanded = open.has(path);
        const count = visibleEntries(v).length;
        return (
          <Box component="li" role="treeitem" aria-level={level} aria-expanded={expanded} key={path} py={2}>
            {/* Named by its visible text (label in name), the action said before it for screen readers. */}
            <UnstyledButton onClick={() => toggle(path)} aria-expanded={expanded}>
              <Text span size="sm" c="dimmed" mr={6} aria-hidden="true" style={{ display: 'inline-block', width: 10 }}>
                {expanded ? '▾' : '▸'}
              </Text>
              <VisuallyHidden>{expanded ? t('collapse') : t('expand')} </VisuallyHidden>
              <Text span fw={600} size="sm">
                {name(k)}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {Array.isArray(v) ? `[${count}]` : `{${count}}`}
              </Text>
            </UnstyledButton>
            {expanded && renderLevel(v, path, level + 1)}
          </Box>
        );
      })}
    </Box>
  );

  return (
    <Box>
      <Group gap="xs" mb="xs">
        <Button size="compact-xs" variant="light" onClick={() => setOpen(new Set(allBranchPaths(data)))}>
          {t('openAll')}
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set())}>
          {t('closeAll')}
        </Button>
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('emptyTree')}
        </Text>
      ) : (
        <Box role="tree" aria-label={label}>
          {renderLevel(data, '', 1)}
        </Box>
      )}
    </Box>
  );
}
