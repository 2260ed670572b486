import { type Feature, studyPages } from '../../shared/feature';

/**
 * Messages from staff to participants (issue 12; E-015, E-024; decision E-messages): the study's Messages page —
 * writing a message and the sent list — with its test twin (000 §2.5) working on the study's test participants. The
 * participant profile shows ParticipantMessagesPanel (a participant's messages). Its screens show participant
 * statuses from the participants texts.
 */
export const messagesFeature: Feature = {
  id: 'messages',
  texts: { en: () => import('./messages.en'), es: () => import('./messages.es') },
  uses: ['participants'],
  routes: studyPages(() => import('./pages'), [['messages', 'messages', 'MessagesPage']]),
};
