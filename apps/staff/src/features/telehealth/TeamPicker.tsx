/**
 * The team-members list of the call pickers (F-049…F-052; decision F-calls): 'Add Research Team Members' opens the
 * site's telehealth team but oneself (F-040; raters are never on it, F-041) and, for a running call, those already
 * in it (the server marks them, F-030 invitedInTelehealthVisit), each with a checkbox, name and role.
 */
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { listTelehealthTeam } from '@trialpath/contract';
import { roleTitle } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { useProfileQuery } from '../../shared/startup';

export function TeamPicker({
  studyId,
  siteId,
  appointmentId,
  chosen,
  onChosen,
  open: openAtFirst = false,
}: {
  studyId: string;
  siteId: string;
  /** The appointment of a running call: those in it are not offered. */
  appointmentId?: string;
  chosen: readonly string[];
  onChosen: (ids: string[]) => void;
  open?: boolean;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const me = useProfileQuery(true).data;
  const [open, setOpen] = useState(openAtFirst);
  const team = useEndpointQuery(listTelehealthTeam, { params: { studyId }, query: { siteId, appointmentId } });
  const colleagues = (team.data?.items ?? []).filter((m) => m.id !== me?.id && !m.invitedInTelehealthVisit);
  return (
    <>
      <Button variant="light" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {t('call.addMembers')}
      </Button>
      {open &&
        (team.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('call.teamFailed')}
          </Text>
        ) : team.isPending ? null : colleagues.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('call.noColleagues')}
          </Text>
        ) : (
          <Stack gap={6}>
            {colleagues.map((m) => (
              <Checkbox
                key={m.id}
                checked={chosen.includes(m.id)}
                onChange={(e) =>
                  onChosen(e.currentTarget.checked ? [...chosen, m.id] : chosen.filter((x) => x !== m.id))
                }
                label={`${m.firstName} ${m.lastName} · ${roleTitle(m.userRole, i18n.language)}`}
              />
            ))}
          </Stack>
        ))}
    </>
  );
}

/** The pickers' end: why the last try failed, then 'Cancel' and 'Call Now' (F-051, F-052). */
export function PickerActions({
  error,
  busy,
  onCancel,
  onCallNow,
}: {
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onCallNow: () => void;
}) {
  const { t } = useTranslation('telehealth');
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('call.cancel')}
        </Button>
        <Button onClick={onCallNow} loading={busy}>
          {t('call.callNow')}
        </Button>
      </Group>
    </>
  );
}
