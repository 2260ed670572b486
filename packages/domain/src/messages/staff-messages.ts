/**
 * `@trialpath/domain/staff-messages`: the message tables only the server and the staff portal use (single
 * sign-on, study build). Importing this module adds them to the catalogue (registerMessages in
 * translate.ts). The package's index does not reach it, so the participant portal's first load leaves them
 * out (budget 150 kB, DESIGN §5). A package-wide `"sideEffects": false` would be wrong: a bundler could
 * then drop this import, and the staff portal would show message keys instead of texts.
 */
import './activity-catalogue';
import './sso-catalogue';
import './study-catalogue';
import './files-catalogue';
import './push-catalogue';
import './participant-site-catalogue';
import './portal-content-catalogue';
import './participants-catalogue';
import './edc-catalogue';
import './analytics-catalogue';
import './queries-catalogue';
import './messaging-catalogue';
import './participant-documents-catalogue';
import './exports-catalogue';
import './devices-catalogue';
import './linkage-catalogue';
import './telehealth-catalogue';
import './videos-catalogue';
import './sftp-catalogue';
import './ehr-catalogue';
