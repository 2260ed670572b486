import { Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ApiRequestError,
  getParticipantAddress,
  getParticipantSiteDetails,
  getPrincipalInvestigatorPhone,
  type SiteAddress,
} from '@trialpath/contract';
import { formatPhone, placeLine, serverMessageText, telHref } from '@trialpath/domain';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { networkText } from '../../shared/errors';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { SITE_NS } from './texts';

const CALLS = [getParticipantAddress, getParticipantSiteDetails, getPrincipalInvestigatorPhone];

/** Why the site could not be read: offline, the server's own message in the participant's language, or ours. */
function failureText(error: unknown, lang: string, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.status <= 0) return networkText(navigator.onLine, lang);
  return serverMessageText(error.body, lang) ?? fallback;
}

/**
 * #/participants/web/{studyCode}/site (D-039): the participant's site — its name, type and address (D-072's
 * address, D-047's fields), its contact person (the first item of D-073's site details), phone and e-mail — and
 * whom to call (D-074, decision D-075): the study doctor when the site's principal investigator has a phone on
 * record, else the site.
 */
export default function SitePage() {
  const { t } = useTranslation(SITE_NS);
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const address = useEndpointQuery(queries, getParticipantAddress, pid ? { params: { pid } } : null);
  const details = useEndpointQuery(
    queries,
    getParticipantSiteDetails,
    pid ? { params: { studyId: study.studyId, pid } } : null,
  );
  const site = details.status === 'success' ? details.data.data[0] : undefined;
  const investigator = useEndpointQuery(
    queries,
    getPrincipalInvestigatorPhone,
    pid && site ? { params: { siteId: site.siteId, participantId: pid } } : null,
  );
  useDocumentTitle(t('title'), study.name);

  // Read afresh on arrival: the study team may have changed the site's details since they were last read.
  useEffect(() => {
    void queries.invalidate(...CALLS);
  }, []);

  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;
  const retry = () => {
    if (!pid) return;
    if (address.status === 'error') void queries.reload(getParticipantAddress, { params: { pid } });
    if (details.status === 'error')
      void queries.reload(getParticipantSiteDetails, { params: { studyId: study.studyId, pid } });
  };
  const failed = address.status === 'error' ? address.error : details.status === 'error' ? details.error : null;
  // An answer without a site (never sent for a signed-in participant) is shown as a failure, not a lasting loader.
  const noSite = details.status === 'success' && !site;
  if (failed || noSite) {
    return (
      <Stack gap="md">
        <PageTitle>{t('title')}</PageTitle>
        <ErrorAlert>{failureText(failed, lang, t('loadFailed'))}</ErrorAlert>
        <Button size="lg" onClick={retry}>
          {i18next.t('app.retry')}
        </Button>
        {backHome}
      </Stack>
    );
  }
  if (address.status !== 'success' || !site) return <PageLoader />;

  const a = address.data;
  // D-075: the investigator's phone when there is one; a failed or empty answer leaves the site's phone.
  const doctor = investigator.status === 'success' ? investigator.data : null;
  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      <Paper component="section" aria-labelledby="site-name" withBorder radius="md" p="md">
        <Title order={2} fz="h3" id="site-name" data-testid="site-name">
          {a.name}
        </Title>
        <Text c="dimmed" mb="sm">
          {t(`type.${a.type}`, { defaultValue: a.type })}
        </Text>
        <Title order={3} fz="md">
          {t('addressTitle')}
        </Title>
        <AddressLines address={a} empty={t('noAddress')} />
      </Paper>
      <section aria-labelledby="site-contact">
        <Title order={2} fz="h3" id="site-contact" mb="xs">
          {t('contactTitle')}
        </Title>
        <dl className="tp-facts">
          {site.contactName && <Fact label={t('contactPerson')}>{site.contactName}</Fact>}
          {telHref(null, a.phoneNumber) && (
            <Fact label={t('phone')}>
              <Anchor href={telHref(null, a.phoneNumber)!} className="tp-touch" data-testid="site-phone">
                {formatPhone(null, a.phoneNumber)}
              </Anchor>
            </Fact>
          )}
          {a.siteEmail && (
            <Fact label={t('email')}>
              <Anchor href={`mailto:${a.siteEmail}`} className="tp-touch">
                {a.siteEmail}
              </Anchor>
            </Fact>
          )}
        </dl>
      </section>
      <section aria-labelledby="site-call">
        <Title order={2} fz="h3" id="site-call" mb="xs">
          {t('callTitle')}
        </Title>
        {investigator.status === 'loading' ? (
          <Loader size="sm" role="img" aria-label={i18next.t('app.loading')} />
        ) : (
          <CallAction doctor={doctor} sitePhone={a.phoneNumber} />
        )}
      </section>
      {backHome}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The postal lines: street, "city, state zipcode", country — the parts on record only. */
function AddressLines({ address: a, empty }: { address: SiteAddress; empty: string }) {
  const place = placeLine(a.city, a.state, a.zipcode);
  const lines = [...a.address.split('\n'), place].map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return <Text>{empty}</Text>;
  return (
    <Text component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }} data-testid="site-address">
      {[...lines, a.country].join('\n')}
    </Text>
  );
}

/**
 * Decision D-075: one large call button. The principal investigator's phone when they have one ("Call the study
 * doctor", their name above it); otherwise the site's phone ("Call the study site"); with neither, what to do.
 */
function CallAction({
  doctor,
  sitePhone,
}: {
  doctor: { name: string | null; phoneNumber: string | null } | null;
  sitePhone: string;
}) {
  const { t } = useTranslation(SITE_NS);
  const { color, contrast } = useStudy();
  const doctorHref = telHref(null, doctor?.phoneNumber);
  const href = doctorHref ?? telHref(null, sitePhone);
  if (!href) return <Text>{t('noPhone')}</Text>;
  const number = formatPhone(null, doctorHref ? doctor?.phoneNumber : sitePhone);
  return (
    <Stack gap="xs">
      {doctorHref && doctor?.name && <Text>{t('doctor', { name: doctor.name })}</Text>}
      <Button
        component="a"
        href={href}
        size="lg"
        fullWidth
        color={color}
        style={{ '--button-color': contrast } as CSSProperties}
        data-testid="call-button"
      >
        {doctorHref ? t('callDoctor') : t('callSite')}
      </Button>
      <Text ta="center" fw={600} data-testid="call-number">
        {number}
      </Text>
    </Stack>
  );
}
