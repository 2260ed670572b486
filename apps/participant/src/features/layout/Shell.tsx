import { Anchor } from '@mantine/core';
import { CookieConsent, CopyrightFooter, uiLabel, useLanguage } from '@trialpath/ui';
import { DEFAULT_STUDY_COLOR, contrastColor } from '@trialpath/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Page frame: a header in the study colour, the card, the footer. */
export function Shell({
  title,
  color = DEFAULT_STUDY_COLOR,
  logoUrl,
  headerEnd,
  legalLinks,
  children,
}: {
  title: string;
  color?: string;
  /** The study's logo, shown before the title (decorative: the title names the study). */
  logoUrl?: string | null;
  headerEnd?: ReactNode;
  /** Hrefs of the study's privacy policy and terms of use pages (none before the study is known). */
  legalLinks?: { privacy: string; terms: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const contrast = contrastColor(color);
  return (
    <div className="tp-shell">
      <button type="button" className="tp-skip" onClick={skipToMain}>
        {t('app.skipToContent')}
      </button>
      <header className="tp-header" style={{ background: color, color: contrast }}>
        {logoUrl && <img className="tp-header-logo" src={logoUrl} alt="" data-testid="study-logo" />}
        <span className="tp-header-title">{title}</span>
        {headerEnd}
      </header>
      <main className="tp-main" id="main" tabIndex={-1}>
        {/* In the page's flow, above the card (decision 0029): it never covers a button and toasts never cover it. */}
        <CookieConsent scope="participantWeb" />
        <div className="tp-card">{children}</div>
      </main>
      <footer className="tp-footer">
        {legalLinks && (
          <nav className="tp-legal-links">
            <Anchor href={legalLinks.privacy} size="sm" className="tp-touch">
              {uiLabel('privacyPolicy', lang)}
            </Anchor>
            <Anchor href={legalLinks.terms} size="sm" className="tp-touch">
              {uiLabel('termsOfUse', lang)}
            </Anchor>
          </nav>
        )}
        <CopyrightFooter />
      </footer>
    </div>
  );
}

/** Skip to the content: a button, since a '#main' link would change the hash the router lives in. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
