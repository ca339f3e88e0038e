// Importing the design system brings its stylesheet (tokens, Tailwind utilities) with it, so an
// app cannot render components without their styles.
import './styles';

export { cn } from './lib/cn';
export { Deferred, DeferredTooltip, menuTriggerHandlers, useDeferred, type DeferredTriggerProps } from './lib/deferred';
export {
  ThemeProvider,
  useTheme,
  type Theme,
  type ThemeProviderProps,
} from './components/theme-provider/theme-provider';
export { Button, buttonVariants, type ButtonProps } from './components/button/button';
export { Spinner, LoadingIndicator, type SpinnerProps } from './components/spinner/spinner';
export { Input } from './components/input/input';
export { Textarea, type TextareaProps } from './components/textarea/textarea';
export { Label } from './components/label/label';
export { FormField, type FormFieldProps } from './components/form-field/form-field';
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
  type ControllerRenderProps,
  type UseFormReturn,
} from './lib/form-engine/form-engine';
export type { FieldArrayPath, FieldErrors, FieldPath, FieldPathValue, FieldValues } from './lib/form-engine/types';
export {
  ControlledField,
  Form,
  applyServerError,
  errorMessageAt,
  firstStepWithErrors,
  submitFormWizard,
  useContractForm,
  useFieldError,
  useFormWizardSteps,
  type ControlledFieldProps,
  type FormProps,
  type FormWizardStep,
  type ServerFieldError,
  type SubmitFormWizardOptions,
  type UseContractFormOptions,
} from './components/form/form';
export { SelectField, type SelectFieldProps } from './components/form/select-field';
export {
  FormWizardEntity,
  FormWizardFrame,
  FormWizardPage,
  type FormWizardEntityProps,
  type FormWizardFrameProps,
  type FormWizardPageProps,
} from './components/form/form-wizard-page';
export {
  addDomainIssue,
  contractResolver,
  domainRule,
  lengthLimits,
  trimmed,
  unwrapOptional,
  wireRule,
  type Unwrapped,
} from './components/form/contract-resolver';
export { lazySchema, LazySchema } from './components/form/lazy-schema';
export { useOnFirstInput } from './lib/first-input';
export {
  formMessages,
  issueMessage,
  type FieldMessages,
  type IssueKind,
} from './components/form/form-messages';
export {
  FormDialog,
  type BoundFormDialogProps,
  type FormDialogProps,
  type ManualFormDialogProps,
} from './components/form-dialog/form-dialog';
export { Checkbox } from './components/checkbox/checkbox';
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
  type SelectTriggerProps,
} from './components/select/select';
export { OptionSelect, type OptionSelectOption, type OptionSelectProps } from './components/select/option-select';
export {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from './components/dialog/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export { ConfirmRemoval, type ConfirmRemovalProps } from './components/confirm-removal/confirm-removal';
export { LazyConfirmDialog, LazyConfirmRemoval } from './components/confirm-dialog/lazy-confirm-dialog';
export { lazyDialog } from './lib/lazy-dialog';
export { DetailPage, type DetailPageProps, type DetailPageQuery } from './components/detail-page/detail-page';
export { DescriptionList, type DescriptionListProps } from './components/description-list/description-list';
export { SecretReveal, type SecretRevealProps } from './components/secret-reveal/secret-reveal';
export { EditButton, EditLinkButton, type EditAccess } from './components/edit-button/edit-button';
export { SettingsList, useActionsColumn, type SettingsListProps } from './components/settings-list/settings-list';
export { TokenList, type TokenListProps, type TokenListRow } from './components/token-list/token-list';
export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  type DropdownMenuItemProps,
} from './components/dropdown-menu/dropdown-menu';
export {
  Tooltip,
  TooltipContent,
  TooltipRoot,
  TooltipTrigger,
  type TooltipProps,
} from './components/tooltip/tooltip';
export { DisabledReason, type DisabledReasonProps } from './components/disabled-reason/disabled-reason';
export { preloadToaster, toast, Toaster, type ToastOptions } from './components/toast/toast';
export { Stack, stackVariants, type StackProps } from './components/stack/stack';
export { Grid, gridVariants, type GridProps } from './components/grid/grid';
export {
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from './components/card/card';
export {
  Breadcrumbs,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  BreadcrumbTrail,
  type BreadcrumbLinkProps,
  type BreadcrumbTrailProps,
} from './components/breadcrumbs/breadcrumbs';
export { PageHeader, type PageHeaderProps } from './components/page-header/page-header';
export {
  SideNav,
  SideNavCollapseToggle,
  SideNavContent,
  SideNavFooter,
  SideNavGroup,
  SideNavHeader,
  SideNavItem,
  SideNavSubgroup,
  useSideNav,
  type SideNavCollapseToggleProps,
  type SideNavGroupProps,
  type SideNavItemProps,
  type SideNavProps,
  type SideNavSubgroupProps,
} from './components/side-nav/side-nav';
export { Skeleton } from './components/skeleton/skeleton';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export { ErrorState, type ErrorStateProps } from './components/error-state/error-state';
export { describeError, type DescribedError } from './components/error-state/describe-error';
export {
  DataTable,
  defaultPageSizes,
  type DataTableProps,
} from './components/data-table/data-table';
export type {
  CellContext,
  ColumnDef,
  ColumnFiltersState,
  ColumnMeta,
  ColumnSort,
  HeaderContext,
  PaginationState,
  RowSelectionState,
  SortingState,
  TableRow,
  VisibilityState,
} from './components/data-table/table-model';
export { useUrlListParams, type UrlListParams, type UseUrlListParamsOptions } from './components/data-table/use-url-list-params';
export { Switch, type SwitchProps } from './components/switch/switch';
export { RadioGroup, RadioGroupItem } from './components/radio-group/radio-group';
export {
  MultiSelect,
  type MultiSelectOption,
  type MultiSelectProps,
} from './components/multi-select/multi-select';
export { useFormFieldControl } from './components/form-field/form-field-context';
export {
  Popover,
  PopoverAnchor,
  PopoverClose,
  PopoverContent,
  PopoverTrigger,
} from './components/popover/popover';
export {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
  type DrawerContentProps,
} from './components/drawer/drawer';
export { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './components/tabs/tabs';
export {
  useUrlTab,
  type SearchParamsPair,
  type UseUrlTabOptions,
} from './components/tabs/use-url-tab';
export {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from './components/accordion/accordion';
export { Badge, badgeVariants, type BadgeProps } from './components/badge/badge';
export { Tag, type TagProps } from './components/tag/tag';
export {
  StatusBadge,
  useStatusLabel,
  type StatusBadgeProps,
} from './components/status-badge/status-badge';
export {
  classifyStatus,
  stepStatusList,
  type AnyStatus,
  type StatusClass,
} from './components/status-badge/status-classification';
export {
  SeverityTag,
  severityLevels,
  type SeverityLevel,
  type SeverityTagProps,
} from './components/severity-tag/severity-tag';
export { Banner, type BannerProps } from './components/banner/banner';
export {
  TopNav,
  TopNavActions,
  TopNavBrand,
  TopNavItem,
  TopNavItems,
  type TopNavItemProps,
  type TopNavProps,
} from './components/top-nav/top-nav';
export {
  readableForeground,
  contrastRatio,
  relativeLuminance,
} from './components/top-nav/readable-foreground';
export { FullPageLoader } from './components/full-page-loader/full-page-loader';
export { Wizard, type WizardProps, type WizardStep } from './components/wizard/wizard';
export { CopyButton, type CopyButtonProps } from './components/copy-button/copy-button';
export { CodeBlock, type CodeBlockProps } from './components/code-block/code-block';
export { LogViewer, type LogViewerProps } from './components/log-viewer/log-viewer';
export {
  parseAnsi,
  parseAnsiLine,
  stripAnsi,
  type AnsiColor,
  type AnsiSegment,
  type AnsiStyle,
} from './components/log-viewer/parse-ansi';
export { AreaChart, BarChart, DonutChart, LineChart } from './components/charts/charts';
export type {
  CartesianChartProps,
  ChartSeries,
  DonutChartProps,
  DonutSlice,
} from './components/charts/chart-types';
