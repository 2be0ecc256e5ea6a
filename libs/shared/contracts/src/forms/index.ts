// Form schemas (zod) shared by the web forms; built on ../validation.
export * from './field-rules';
export * from './form-errors';
export * from './auth-forms.schema';
export * from './user-form.schema';
export * from './olt-form.schema';
