// The console's form engine: the part of react-hook-form's API its forms use, in a few KiB
// (docs/contributing/forms.md). The library itself is 16 KiB gzip on every form page.
export {
  Controller,
  FormProvider,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type RegisteredField,
  type UseControllerProps,
  type UseFieldArrayReturn,
  type UseFormReturn,
  type UseWatchProps,
} from './hooks';
export { getPath } from './paths';
export type {
  DefaultValues,
  FieldArray,
  FieldArrayPath,
  FieldArrayWithId,
  FieldError,
  FieldErrors,
  FieldPath,
  FieldPathValue,
  FieldRules,
  FieldValues,
  FormState,
  Resolver,
  SetValueOptions,
  UseFormProps,
  ValidationMode,
} from './types';
