import type { TextsLike } from '../../shared/feature';
import type { StudyVideosTexts } from './study-videos.en';

/** The study-videos namespace in Spanish (issue 14). */
const texts: TextsLike<StudyVideosTexts> = {
  page: {
    title: 'Vídeos del estudio',
    subtitle:
      'Vídeos para las páginas del estudio (más información, consentimiento electrónico, actividades). Cada vídeo subido se convierte a un MP4 que reproduce cualquier navegador.',
    twin: 'Entorno de prueba: los vídeos del estudio, solo lectura.',
  },
  upload: {
    title: 'Subir un vídeo',
    titleLabel: 'Título',
    titleRequired: 'Indique un título para el vídeo.',
    drop: 'Arrastre un vídeo aquí, o',
    choose: 'Elegir un archivo',
    chosen: 'Elegido: {{name}}',
    hint: 'MP4, WebM o MOV, como máximo 200 MB.',
    wrongType: 'No es un archivo MP4, WebM o MOV.',
    tooLarge: 'El archivo supera los 200 MB.',
    chooseFile: 'Elija primero un archivo de vídeo.',
    send: 'Subir',
    progress: 'Subiendo: {{percent}} %',
    done: 'Se subió «{{title}}»; se está convirtiendo.',
  },
  list: {
    tableLabel: 'Vídeos del estudio',
    name: 'Título',
    status: 'Estado',
    length: 'Duración',
    size: 'Archivo subido',
    added: 'Añadido',
    actions: 'Acciones',
    play: 'Reproducir',
    playOf: 'Reproducir {{title}}',
    delete: 'Eliminar',
    deleteOf: 'Eliminar {{title}}',
    empty: 'Aún no hay vídeos',
    emptyHint: 'Suba un vídeo para usarlo en las páginas del estudio.',
    failed: 'No se pudieron cargar los vídeos.',
    seconds: '{{value}} s',
    megabytes: '{{value}} MB',
  },
  status: {
    UPLOADED: 'Esperando la conversión',
    CONVERTING: 'Convirtiendo…',
    READY: 'Listo',
    FAILED: 'La conversión falló',
  },
  player: { close: 'Cerrar' },
  remove: {
    title: 'Eliminar vídeo',
    question: '¿Eliminar el vídeo «{{title}}»? Las páginas que lo muestran dejarán de reproducirlo.',
    cancel: 'Cancelar',
    confirm: 'Eliminar vídeo',
    done: 'Se eliminó «{{title}}».',
  },
  error: { generic: 'Algo salió mal. Vuelva a intentarlo.' },
};

export default texts;
