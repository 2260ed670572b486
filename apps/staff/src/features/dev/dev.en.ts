/** The dev namespace in English: the demo mailbox. */
const texts = {
  mailbox: {
    title: 'Demo mailbox',
    intro:
      'Demo mode does not send e-mails or text messages unless an SMTP server or SMS gateway is configured. Everything the platform sends or would have sent is listed here, newest first.',
    filter: 'Filter by recipient',
    refresh: 'Refresh',
    empty: 'The mailbox is empty.',
    subject: 'Subject',
    channel: 'Channel',
    status: 'Status',
    to: 'To',
    sent: 'Sent',
    noSubject: '(no subject)',
    details: 'Message details',
    channel_email: 'E-mail',
    channel_sms: 'SMS',
    status_pending: 'Not sent',
    status_sent: 'Delivered',
    status_failed: 'Delivery failed',
    count_one: '{{count}} message',
    count_other: '{{count}} messages',
    loadError: 'The mailbox could not be loaded.',
  },
} as const;

export default texts;
