/**
 * A study's custom documents and resources (C-020, C-073; decision 0038): one site's documents with the
 * whole study's (research-team/research-site/:siteId/add-research-site-documents), or every site's
 * (resource-list-site, filtered by site). Site managers add a PDF, download, activate or deactivate (with
 * a reason), delete (with a reason) and set its details (DocumentDetails); everyone else reads.
 */
import { Badge, Button, FileButton, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  checkUploadFile,
  deleteStudyDocument,
  downloadStudyDocument,
  getSite,
  listSites,
  listStudyDocuments,
  type StudyDocument,
  setStudyDocumentStatus,
  uploadStudyDocument,
} from '@trialpath/contract';
import { pickText } from '@trialpath/domain';
import { DataTable, type DataTableColumn, ErrorAlert, notify, TableEmpty, useServerPaging } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, errorMessage, upload } from '../../shared/api';
import { saveBase64File } from '../../shared/download';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { DocumentDetailsDialog } from './DocumentDetails';
import { ResearchTeamNav, useReasonLabels, useStudyPath } from './team-ui';

type Pending = { kind: 'status' | 'delete'; document: StudyDocument } | null;

/** The form that adds a PDF: its title (the study's default language) and the file, checked before sending. */
function AddDocument({ studyId, siteId }: { studyId: string; siteId: string | null }) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (f: File | null) => {
    setError(null);
    if (!f) return;
    const fit = checkUploadFile(uploadStudyDocument, f);
    if (fit !== 'ok') {
      setError(fit === 'type' ? t('documents.wrongType') : t('documents.tooLarge'));
      return;
    }
    setFile(f);
    if (!title.trim()) setTitle(f.name.replace(/\.pdf$/i, ''));
  };
  const send = async () => {
    setTitleError(title.trim() ? null : t('documents.titleRequired'));
    if (!title.trim()) return;
    if (!file) return setError(t('documents.chooseFile'));
    setError(null);
    setProgress(0);
    try {
      await upload(uploadStudyDocument, {
        params: { studyId },
        query: { title: title.trim(), fileName: file.name, ...(siteId ? { siteId } : {}) },
        file,
        onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 100),
      });
      notify(t('documents.added', { title: title.trim() }), { kind: 'success' });
      setTitle('');
      setFile(null);
      void invalidateEndpoints(queryClient, listStudyDocuments);
    } catch (e) {
      setError(errorMessage(e, t('error.generic')));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-document">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="add-document">
          {t('documents.addTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {siteId ? t('documents.addForSite') : t('documents.addForStudy')}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('documents.title')}
            withAsterisk
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            w={{ base: '100%', sm: 320 }}
          />
          <FileButton onChange={choose} accept="application/pdf">
            {(props) => (
              <Button {...props} variant="default">
                {file ? file.name : t('documents.choose')}
              </Button>
            )}
          </FileButton>
          <Button onClick={() => void send()} loading={progress !== null}>
            {t('documents.add')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('documents.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}

function DocumentsScreen({ siteId }: { siteId: string | null }) {
  const { t, i18n } = useTranslation('sites');
  const { studyId = '' } = useParams();
  const path = useStudyPath(studyId);
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const [filter, setFilter] = useState<string | null>(null);
  const { page, pageSize, pagingOf } = useServerPaging(25);
  const [pending, setPending] = useState<Pending>(null);
  const [details, setDetails] = useState<StudyDocument | null>(null);
  const site = useEndpointQuery(getSite, { params: { studyId, siteId: siteId ?? '' } }, { enabled: siteId !== null });
  const sites = useEndpointQuery(
    listSites,
    { params: { studyId }, query: { page: 1, pageSize: 100 } },
    { enabled: siteId === null },
  );
  const shownSite = siteId ?? filter ?? undefined;
  const documents = useEndpointQuery(listStudyDocuments, {
    params: { studyId },
    query: {
      pageNum: page,
      pageSize,
      sort: '-createdAt',
      includeDeleted: 'false',
      ...(shownSite ? { siteId: shownSite } : {}),
    },
  });
  const titleOf = (d: StudyDocument) => pickText(d.title, i18n.language, 'en') || d.file.fileName || d.documentId;

  const download = async (d: StudyDocument) => {
    try {
      const f = await api.call(downloadStudyDocument, { params: { studyId, documentId: d.documentId } });
      saveBase64File(f.fileName, f.base64);
    } catch (e) {
      notify(errorMessage(e, t('error.generic')), { kind: 'error' });
    }
  };
  const confirm = async (reason: string) => {
    if (!pending) return;
    const params = { studyId, documentId: pending.document.documentId };
    if (pending.kind === 'delete') await api.call(deleteStudyDocument, { params, body: { reason } });
    else {
      const d = pending.document;
      await api.call(setStudyDocumentStatus, {
        params,
        body: {
          status: !d.status,
          isSelectedForParticipantsOnly: d.isSelectedForParticipantsOnly,
          activateForMoreParticipants: d.activateForMoreParticipants,
          reason,
        },
      });
    }
    const title = titleOf(pending.document);
    notify(pending.kind === 'delete' ? t('documents.deleted', { title }) : t('documents.statusChanged', { title }), {
      kind: 'success',
    });
    setPending(null);
    void invalidateEndpoints(queryClient, listStudyDocuments);
  };

  const columns: DataTableColumn<StudyDocument>[] = [
    {
      id: 'title',
      header: t('documents.title'),
      cell: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {titleOf(d)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('documents.pages', { count: d.pageCount })}
          </Text>
        </Stack>
      ),
    },
    { id: 'site', header: t('documents.site'), cell: (d) => d.siteName ?? t('documents.wholeStudy') },
    {
      id: 'status',
      header: t('documents.status'),
      cell: (d) => (
        <Badge variant="outline" color={d.status ? 'teal.9' : 'gray.8'}>
          {d.status ? t('documents.active') : t('documents.inactive')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('documents.actions'),
      cell: (d) => (
        <Group gap="xs" wrap="nowrap">
          {d.active && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setDetails(d)}
              aria-label={`${t('documents.details.open')}: ${titleOf(d)}`}
            >
              {t('documents.details.open')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => void download(d)}
            aria-label={t('documents.downloadOf', { title: titleOf(d) })}
          >
            {t('documents.download')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setPending({ kind: 'status', document: d })}
            aria-label={`${d.status ? t('documents.deactivate') : t('documents.activate')}: ${titleOf(d)}`}
          >
            {d.status ? t('documents.deactivate') : t('documents.activate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={() => setPending({ kind: 'delete', document: d })}
            aria-label={`${t('documents.delete')}: ${titleOf(d)}`}
          >
            {t('documents.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  const heading = siteId ? t('documents.siteHeading', { site: site.data?.name ?? '' }) : t('documents.heading');
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={28}>
            {heading}
          </Title>
          <Text c="dimmed" size="sm">
            {t('documents.intro')}
          </Text>
        </Stack>
        {siteId ? (
          <Button component={Link} to={path(`research-team/research-site/${siteId}/view`)} variant="subtle">
            {t('documents.backToSite')}
          </Button>
        ) : (
          <Select
            label={t('documents.siteFilter')}
            placeholder={t('documents.allSites')}
            clearable
            data={(sites.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.siteId} ${s.name}` }))}
            value={filter}
            onChange={setFilter}
            w={280}
          />
        )}
      </Group>
      <AddDocument studyId={studyId} siteId={siteId ?? filter} />
      <DataTable
        label={heading}
        columns={columns}
        rows={documents.data?.items}
        rowKey={(d) => d.documentId}
        loading={documents.isFetching}
        error={
          documents.isError
            ? { title: t('documents.loadError'), retry: () => documents.refetch(), retryLabel: t('sites.retry') }
            : null
        }
        empty={<TableEmpty title={t('documents.empty')} hint={t('documents.emptyHint')} />}
        paging={documents.data && pagingOf(documents.data.total)}
        minWidth={760}
        labels={{
          pageSize: t('sites.pageSize'),
          pages: t('sites.pages'),
          count: (count) => t('documents.count', { count }),
        }}
      />
      <DocumentDetailsDialog
        studyId={studyId}
        document={details}
        title={details ? titleOf(details) : ''}
        onClose={() => setDetails(null)}
      />
      <ReasonDialog
        opened={pending !== null}
        title={
          pending
            ? `${titleOf(pending.document)}: ${
                pending.kind === 'delete'
                  ? t('documents.delete')
                  : pending.document.status
                    ? t('documents.deactivate')
                    : t('documents.activate')
              }`
            : ''
        }
        labels={reasonLabels}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        <Text size="sm">{pending?.kind === 'delete' ? t('documents.deleteText') : t('documents.statusText')}</Text>
      </ReasonDialog>
    </Stack>
  );
}

/** #/studies/:studyId/research-team/research-site/:siteId/add-research-site-documents (C-073). */
export function SiteDocumentsPage() {
  const { siteId = '' } = useParams();
  return <DocumentsScreen siteId={siteId} />;
}

/** #/studies/:studyId/resource-list-site (C-020): every site's documents and resources, by site. */
export function ResourceListPage() {
  return <DocumentsScreen siteId={null} />;
}
