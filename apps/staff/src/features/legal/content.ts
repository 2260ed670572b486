/** Text of the legal pages (#/policy, #/terms-of-use), English and Spanish. */
export interface LegalDoc {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
}

export const LEGAL: Record<'policy' | 'terms', Record<'en' | 'es', LegalDoc>> = {
  policy: {
    en: {
      title: 'Privacy policy',
      intro:
        'This policy explains how the Trialpath staff portal handles personal data of study staff. Participant data is processed on behalf of the study sponsor under the study protocol and the consent each participant gave.',
      sections: [
        {
          heading: 'Data we hold about staff users',
          body: 'Your name, username, e-mail address, phone number (if given), role, study and site assignments, and a record of your sign-ins and of the changes you make to study data.',
        },
        {
          heading: 'Why we hold it',
          body: 'To let you sign in, to restrict what you can see to your studies and sites, and to keep the audit trail that Good Clinical Practice requires. We do not use it for marketing.',
        },
        {
          heading: 'Audit trail',
          body: 'Changes to study data are recorded with who made them, when (UTC), what changed and why. The audit trail cannot be edited or deleted, including by administrators.',
        },
        {
          heading: 'Cookies and local storage',
          body: 'The portal uses only what it needs to work: your session is kept in the browser’s local storage and one cookie remembers your cookie choice for a year. There are no tracking or advertising cookies.',
        },
        {
          heading: 'Your rights',
          body: 'You may ask your organisation’s administrator for a copy of your data or for corrections. Records that regulations require us to keep (such as the audit trail) are retained for the period the study requires.',
        },
      ],
    },
    es: {
      title: 'Política de privacidad',
      intro:
        'Esta política explica cómo el portal del personal de Trialpath trata los datos personales del personal del estudio. Los datos de los participantes se tratan en nombre del patrocinador del estudio conforme al protocolo y al consentimiento que dio cada participante.',
      sections: [
        {
          heading: 'Datos que guardamos sobre el personal',
          body: 'Su nombre, nombre de usuario, correo electrónico, teléfono (si lo indica), rol, asignaciones a estudios y centros, y un registro de sus inicios de sesión y de los cambios que hace en los datos del estudio.',
        },
        {
          heading: 'Para qué los guardamos',
          body: 'Para permitirle iniciar sesión, limitar lo que puede ver a sus estudios y centros, y mantener la pista de auditoría que exigen las Buenas Prácticas Clínicas. No los usamos con fines comerciales.',
        },
        {
          heading: 'Pista de auditoría',
          body: 'Los cambios en los datos del estudio se registran con quién los hizo, cuándo (UTC), qué cambió y por qué. La pista de auditoría no puede editarse ni borrarse, tampoco por los administradores.',
        },
        {
          heading: 'Cookies y almacenamiento local',
          body: 'El portal usa solo lo necesario para funcionar: su sesión se guarda en el almacenamiento local del navegador y una cookie recuerda su elección sobre cookies durante un año. No hay cookies de seguimiento ni de publicidad.',
        },
        {
          heading: 'Sus derechos',
          body: 'Puede pedir al administrador de su organización una copia de sus datos o su corrección. Los registros que la normativa obliga a conservar (como la pista de auditoría) se guardan durante el periodo que exija el estudio.',
        },
      ],
    },
  },
  terms: {
    en: {
      title: 'Terms of use',
      intro: 'These terms apply to everyone who signs in to the Trialpath staff portal.',
      sections: [
        {
          heading: 'Your account',
          body: 'Your account is personal. Do not share your password or let anyone else work under your name: your actions are recorded in the audit trail and may count as your electronic signature.',
        },
        {
          heading: 'Proper use',
          body: 'Use the portal only for the studies you are assigned to and only as the study protocol and your role allow. Do not try to reach data of other sites or studies.',
        },
        {
          heading: 'Confidentiality',
          body: 'Participant information is confidential. Do not copy it out of the portal except through the exports your role allows, and handle exported files as the protocol requires.',
        },
        {
          heading: 'Availability',
          body: 'We aim to keep the portal available at all times but may interrupt it for maintenance. Unsaved work may be lost when a session expires after a long period of inactivity.',
        },
      ],
    },
    es: {
      title: 'Condiciones de uso',
      intro:
        'Estas condiciones se aplican a todas las personas que inician sesión en el portal del personal de Trialpath.',
      sections: [
        {
          heading: 'Su cuenta',
          body: 'Su cuenta es personal. No comparta su contraseña ni permita que otra persona trabaje en su nombre: sus acciones quedan registradas en la pista de auditoría y pueden valer como su firma electrónica.',
        },
        {
          heading: 'Uso adecuado',
          body: 'Use el portal solo para los estudios a los que está asignado y solo como lo permitan el protocolo y su rol. No intente acceder a datos de otros centros o estudios.',
        },
        {
          heading: 'Confidencialidad',
          body: 'La información de los participantes es confidencial. No la copie fuera del portal salvo mediante las exportaciones que permite su rol, y trate los archivos exportados como exige el protocolo.',
        },
        {
          heading: 'Disponibilidad',
          body: 'Procuramos que el portal esté siempre disponible, pero podemos interrumpirlo por mantenimiento. El trabajo no guardado puede perderse cuando la sesión caduca tras un largo periodo de inactividad.',
        },
      ],
    },
  },
};
