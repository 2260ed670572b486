/** The analytics namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { AnalyticsTexts } from './analytics.en';

const texts: TextsLike<AnalyticsTexts> = {
  chart: {
    showTable: 'Mostrar como tabla',
    hideTable: 'Ocultar tabla',
    downloadCsv: 'Descargar CSV',
    noData: 'No hay datos para estos filtros',
    loading: 'Cargando gráfico',
  },
};
export default texts;
