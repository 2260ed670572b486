/**
 * Role titles (spec 000 §6 names the roles; the titles are ours), in each catalogue language. The
 * domain's roleTitle reads them; the server's role lists answer in the request's language. A table of
 * its own (not part of MESSAGES), so the participant portal's bundle does not carry it.
 */
import type { CatalogueEntry } from './catalogue';

export const ROLE_MESSAGES = {
  'role.StudyAdmin': { en: 'Study Admin', es: 'Administrador del estudio' },
  'role.SystemAdmin': { en: 'Platform Admin', es: 'Administrador de la plataforma' },
  'role.Sponsor': { en: 'Sponsor', es: 'Promotor' },
  'role.SubPi': { en: 'Sub-Investigator', es: 'Subinvestigador' },
  'role.StudyCoordinator': { en: 'Study Coordinator', es: 'Coordinador del estudio' },
  'role.Biostatistics': { en: 'Biostatistics', es: 'Bioestadística' },
  'role.Pi': { en: 'Principal Investigator', es: 'Investigador principal' },
  'role.Cra': { en: 'CRA (blinded)', es: 'CRA (ciego)' },
  'role.CraUB': { en: 'CRA (unblinded)', es: 'CRA (no ciego)' },
  'role.Dm': { en: 'Data Management', es: 'Gestión de datos' },
  'role.Quality': { en: 'Quality Assurance', es: 'Garantía de calidad' },
  'role.HomeHealth': { en: 'Home Health', es: 'Atención domiciliaria' },
  'role.HomeHealthCoordinator': { en: 'Home Health Coordinator', es: 'Coordinador de atención domiciliaria' },
  'role.SiteDataLock': { en: 'Site Data Lock', es: 'Bloqueo de datos del centro' },
  'role.StudyManager': { en: 'Study Manager', es: 'Gestor del estudio' },
  'role.Interviewer': { en: 'Interviewer', es: 'Entrevistador' },
  'role.Rater': { en: 'Rater', es: 'Evaluador' },
  'role.Pharmacovigilance': { en: 'Pharmacovigilance', es: 'Farmacovigilancia' },
  'role.CallCenter': { en: 'Call Center', es: 'Centro de llamadas' },
  'role.Support': { en: 'Support', es: 'Soporte' },
  'role.Translations': { en: 'Translations', es: 'Traducciones' },
} as const satisfies Record<string, CatalogueEntry>;
