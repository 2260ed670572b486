import { notify } from '@trialpath/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../shared/api';
import { LoadingStatus } from './LoadingStatus';

/** #/logout: revoke the session on the server, clear storage (except study summary and client id). */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => {
      notify(t('auth.signedOut'), { kind: 'info' });
      navigate('/login', { replace: true });
    });
  }, [navigate, t]);
  return <LoadingStatus text={t('auth.signingOut')} />;
}
