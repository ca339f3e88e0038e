// What the stack wizard needs once the user starts on it, in one download (stack-wizard-page.tsx
// loads it at the first press or key): the form's checks and its later steps.
export { stackFormSchema } from './stack-form.schema';
export { StackLaterStep } from './stack-wizard-steps';
