// Form schemas (zod) shared by the web forms; built on ../validation.
export {};
