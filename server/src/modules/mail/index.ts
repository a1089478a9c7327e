/** The mail outbox and its sender (SMTP, or files in development). Other code imports this module only through this file. */
export { type MailMessage } from './repo.js';
export { createMailer, type Mailer } from './service.js';
