/**
 * Sites and teams messages (issue 9, decision 0032). The spec gives no texts for the site and team
 * calls (002 §8): all are ours. Part of STUDY_MESSAGES (study-catalogue.ts), so they register with it.
 */
import type { CatalogueEntry } from './catalogue';

export const SITE_TEAM_MESSAGES = {
  'sites.codeTaken': {
    en: 'This study already has a site with the code {code}.',
    es: 'Este estudio ya tiene un centro con el código {code}.',
  },
  'sites.unknownCountry': {
    en: 'Choose a country from the list.',
    es: 'Elija un país de la lista.',
  },
  'team.alreadyMember': {
    en: 'This person is already on the study team. Change their role instead.',
    es: 'Esta persona ya forma parte del equipo del estudio. Cambie su rol en su lugar.',
  },
  'team.alreadyAtSite': {
    en: "This person is already on this site's team.",
    es: 'Esta persona ya forma parte del equipo de este centro.',
  },
  'team.emailHasAccount': {
    en: 'Someone with this e-mail address already has an account. Add them to the team instead of inviting them.',
    es: 'Ya existe una cuenta con esta dirección de correo electrónico. Añada a esa persona al equipo en lugar de invitarla.',
  },
  'team.siteRequired': {
    en: 'Choose the site for a site team role.',
    es: 'Elija el centro para un rol del equipo del centro.',
  },
  'team.siteRoleOnly': {
    en: 'Only site team roles can be given at a site.',
    es: 'En un centro solo se pueden asignar roles del equipo del centro.',
  },
  'team.roleKindChange': {
    en: 'A site team role can only change to another site team role, and a study role to another study role.',
    es: 'Un rol del equipo del centro solo puede cambiar a otro rol del equipo del centro, y un rol del estudio a otro rol del estudio.',
  },
  'team.notAtSite': {
    en: "This person is not on this site's team.",
    es: 'Esta persona no forma parte del equipo de este centro.',
  },
  'team.ownMembership': {
    en: 'You cannot change your own role or status on a team. Ask another administrator.',
    es: 'No puede cambiar su propio rol ni su estado en un equipo. Pídaselo a otro administrador.',
  },
} as const satisfies Record<string, CatalogueEntry>;
