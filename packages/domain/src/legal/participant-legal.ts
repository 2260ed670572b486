/**
 * The participant portal's privacy policy and terms of use, English and Spanish. The texts are ours (the
 * spec gives none); a study's own consent documents (area D) say what each study does with the data.
 * The staff portal's pages have the same shape (LegalDoc), so both render with packages/ui's LegalDocument.
 */
import type { Language } from '../messages/catalogue';

export interface LegalDoc {
  title: string;
  /** When the text last changed, as shown under the title. */
  updated: string;
  intro: string;
  sections: readonly { heading: string; body: string }[];
}

export type LegalDocKind = 'privacy' | 'terms';

export const PARTICIPANT_LEGAL: Record<LegalDocKind, Record<Language, LegalDoc>> = {
  privacy: {
    en: {
      title: 'Privacy policy',
      updated: 'Last updated: November 2026',
      intro:
        'This policy explains how the Trialpath participant portal handles your personal data. Your study team and the study sponsor process it under the study protocol and the consent you gave; the consent documents of your study say what the study collects and why.',
      sections: [
        {
          heading: 'What we hold about you',
          body: 'Your username, e-mail address, preferred language and country, your answers to study activities, and a record of your sign-ins and of the changes made to your study data.',
        },
        {
          heading: 'Why we hold it',
          body: 'To let you take part in the study from your own device, to let your study team follow your participation, and to keep the audit trail that Good Clinical Practice requires. We do not use it for marketing and we do not sell it.',
        },
        {
          heading: 'Who sees it',
          body: 'Only the members of your study team who are assigned to your site, and people who check the study on the sponsor’s behalf (monitors, auditors, regulators) as the protocol and the law allow.',
        },
        {
          heading: 'Cookies and local storage',
          body: 'The portal keeps your session and your language in your browser’s local storage and one cookie remembers your cookie choice. There are no tracking or advertising cookies.',
        },
        {
          heading: 'Your rights',
          body: 'Ask your study team for a copy of your data or for corrections, or to stop taking part. Data already collected may have to be kept for the period the study and the regulations require.',
        },
      ],
    },
    es: {
      title: 'Política de privacidad',
      updated: 'Última actualización: noviembre de 2026',
      intro:
        'Esta política explica cómo el portal de participantes de Trialpath trata sus datos personales. Su equipo del estudio y el promotor los tratan conforme al protocolo del estudio y al consentimiento que usted dio; los documentos de consentimiento de su estudio explican qué se recoge y por qué.',
      sections: [
        {
          heading: 'Qué datos guardamos sobre usted',
          body: 'Su nombre de usuario, su correo electrónico, su idioma y país preferidos, sus respuestas a las actividades del estudio y un registro de sus inicios de sesión y de los cambios en sus datos del estudio.',
        },
        {
          heading: 'Para qué los guardamos',
          body: 'Para que pueda participar en el estudio desde su propio dispositivo, para que su equipo del estudio siga su participación y para mantener la pista de auditoría que exigen las Buenas Prácticas Clínicas. No los usamos con fines comerciales ni los vendemos.',
        },
        {
          heading: 'Quién los ve',
          body: 'Solo los miembros de su equipo del estudio asignados a su centro y las personas que revisan el estudio en nombre del promotor (monitores, auditores, autoridades) en la medida que permitan el protocolo y la ley.',
        },
        {
          heading: 'Cookies y almacenamiento local',
          body: 'El portal guarda su sesión y su idioma en el almacenamiento local del navegador y una cookie recuerda su elección sobre cookies. No hay cookies de seguimiento ni de publicidad.',
        },
        {
          heading: 'Sus derechos',
          body: 'Pida a su equipo del estudio una copia de sus datos, su corrección o dejar de participar. Puede que los datos ya recogidos deban conservarse durante el periodo que exijan el estudio y la normativa.',
        },
      ],
    },
  },
  terms: {
    en: {
      title: 'Terms of use',
      updated: 'Last updated: November 2026',
      intro: 'These terms apply to everyone who signs in to the Trialpath participant portal.',
      sections: [
        {
          heading: 'Your account',
          body: 'Your username and password are yours alone: do not share them. If you think someone else knows your password, change it, or ask your study team for help.',
        },
        {
          heading: 'Your answers',
          body: 'Answer the study activities yourself and as accurately as you can. Your answers become part of the study record.',
        },
        {
          heading: 'Not for emergencies',
          body: 'The portal is not monitored around the clock. In a medical emergency call your local emergency number; for questions about your health or the study, contact your study team.',
        },
        {
          heading: 'Taking part is voluntary',
          body: 'You may stop taking part in the study at any time by telling your study team, as your consent explains.',
        },
      ],
    },
    es: {
      title: 'Condiciones de uso',
      updated: 'Última actualización: noviembre de 2026',
      intro:
        'Estas condiciones se aplican a todas las personas que inician sesión en el portal de participantes de Trialpath.',
      sections: [
        {
          heading: 'Su cuenta',
          body: 'Su nombre de usuario y su contraseña son solo suyos: no los comparta. Si cree que otra persona conoce su contraseña, cámbiela o pida ayuda a su equipo del estudio.',
        },
        {
          heading: 'Sus respuestas',
          body: 'Responda usted mismo a las actividades del estudio y con la mayor exactitud posible. Sus respuestas pasan a formar parte del registro del estudio.',
        },
        {
          heading: 'No es para urgencias',
          body: 'El portal no se vigila a todas horas. En una urgencia médica llame al número de emergencias de su país; para preguntas sobre su salud o el estudio, contacte con su equipo del estudio.',
        },
        {
          heading: 'Participar es voluntario',
          body: 'Puede dejar de participar en el estudio en cualquier momento comunicándolo a su equipo del estudio, como explica su consentimiento.',
        },
      ],
    },
  },
};
