/**
 * `@trialpath/domain/activity-messages`: importing this module adds the activity messages to the
 * catalogue (activity-catalogue.ts). Screens that show an activity's validation messages import it.
 */
import './activity-catalogue';
