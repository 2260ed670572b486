-- Issue 15 (decision F-sfu): where a recording is made. 'browser': composed in the recording person's browser and
-- sent in pieces (the embedded default); 'sfu': written by the Janus SFU into its own folder and composed by the
-- recordings job, so that it never depends on a browser tab.
alter table telehealth_recordings add column media_source text not null default 'browser'
  check (media_source in ('browser', 'sfu'));
