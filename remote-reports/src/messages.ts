import type { RemoteMessages } from '@linepulse/shared';

export const messages: RemoteMessages = {
  en: {
    'reports.list.title': 'My reports',
    'reports.list.description': 'Your scheduled e-mail reports for this factory, and report templates.',
    'reports.creation.title': 'New report',
    'reports.creation.description': 'Schedule an e-mail report from a template.',
    'reports.edition.title': 'Edit report',
    'reports.edition.description': 'Change the schedule, recipients and content of this report.',
  },
  fr: {
    'reports.list.title': 'Mes rapports',
    'reports.list.description': 'Vos rapports courriel planifiés pour cette usine, et les modèles de rapport.',
    'reports.creation.title': 'Nouveau rapport',
    'reports.creation.description': 'Planifiez un rapport courriel à partir d’un modèle.',
    'reports.edition.title': 'Modifier le rapport',
    'reports.edition.description': 'Modifiez la planification, les destinataires et le contenu de ce rapport.',
  },
  es: {
    'reports.list.title': 'Mis informes',
    'reports.list.description': 'Sus informes programados por correo electrónico para esta planta y las plantillas de informe.',
    'reports.creation.title': 'Nuevo informe',
    'reports.creation.description': 'Programe un informe por correo electrónico a partir de una plantilla.',
    'reports.edition.title': 'Editar informe',
    'reports.edition.description': 'Cambie la programación, los destinatarios y el contenido de este informe.',
  },
};
