/** The study-videos namespace (issue 14; H-033, H-034): the study's videos, uploaded and converted for the web. */
const texts = {
  page: {
    title: 'Study videos',
    subtitle:
      'Videos for the study’s pages (learn more, eConsent, activities). Each upload is converted to an MP4 every browser plays.',
    twin: 'Test environment: the study’s videos, read only.',
  },
  upload: {
    title: 'Upload a video',
    titleLabel: 'Title',
    titleRequired: 'Give the video a title.',
    drop: 'Drag a video here, or',
    choose: 'Choose a file',
    chosen: 'Chosen: {{name}}',
    hint: 'MP4, WebM or MOV, at most 200 MB.',
    wrongType: 'This is not an MP4, WebM or MOV file.',
    tooLarge: 'The file is larger than 200 MB.',
    chooseFile: 'Choose a video file first.',
    send: 'Upload',
    progress: 'Uploading: {{percent}} %',
    done: '“{{title}}” was uploaded; it is being converted.',
  },
  list: {
    tableLabel: 'Study videos',
    name: 'Title',
    status: 'Status',
    length: 'Length',
    size: 'Uploaded file',
    added: 'Added',
    actions: 'Actions',
    play: 'Play',
    playOf: 'Play {{title}}',
    delete: 'Delete',
    deleteOf: 'Delete {{title}}',
    empty: 'No videos yet',
    emptyHint: 'Upload a video to use it on the study’s pages.',
    failed: 'The videos could not be loaded.',
    seconds: '{{value}} s',
    megabytes: '{{value}} MB',
  },
  status: {
    UPLOADED: 'Waiting for conversion',
    CONVERTING: 'Converting…',
    READY: 'Ready',
    FAILED: 'Conversion failed',
  },
  player: { close: 'Close' },
  remove: {
    title: 'Delete video',
    question: 'Delete the video “{{title}}”? Pages that show it will no longer play it.',
    cancel: 'Cancel',
    confirm: 'Delete video',
    done: '“{{title}}” was deleted.',
  },
  error: { generic: 'Something went wrong. Try again.' },
} as const;

export type StudyVideosTexts = typeof texts;
export default texts;
