// What the stack wizard needs once the user starts on it: the form's checks and the later steps.
// The wizard's page imports this small module at the first press or key, and it imports them: the
// list of their files (which the build writes into the importing module, to fetch them together)
// comes with it then, not with the page.
export const loadStackFormSchema = () => import('./stack-form.schema').then((m) => m.stackFormSchema);
export const loadStackLaterStep = () => import('./stack-wizard-steps').then((m) => m.StackLaterStep);
