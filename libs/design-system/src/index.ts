// Importing the design system brings its stylesheet (tokens, Tailwind utilities) with it, so an
// app cannot render components without their styles.
import './styles/theme.css';

export { cn } from './lib/cn';
export { ThemeProvider, useTheme, type Theme, type ThemeProviderProps } from './components/theme-provider/theme-provider';
export { Button, buttonVariants, type ButtonProps } from './components/button/button';
export { Spinner, LoadingIndicator, type SpinnerProps } from './components/spinner/spinner';
export { Input } from './components/input/input';
export { Textarea, type TextareaProps } from './components/textarea/textarea';
export { Label } from './components/label/label';
export { FormField, type FormFieldProps } from './components/form-field/form-field';
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
export { Tooltip, TooltipContent, TooltipRoot, TooltipTrigger, type TooltipProps } from './components/tooltip/tooltip';
export { toast, Toaster, type ToastOptions } from './components/toast/toast';
export { Stack, stackVariants, type StackProps } from './components/stack/stack';
export { Grid, gridVariants, type GridProps } from './components/grid/grid';
export { Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card/card';
export { Breadcrumbs, BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, type BreadcrumbLinkProps } from './components/breadcrumbs/breadcrumbs';
export { PageHeader, type PageHeaderProps } from './components/page-header/page-header';
export {
  SideNav,
  SideNavCollapseToggle,
  SideNavContent,
  SideNavFooter,
  SideNavGroup,
  SideNavHeader,
  SideNavItem,
  useSideNav,
  type SideNavCollapseToggleProps,
  type SideNavGroupProps,
  type SideNavItemProps,
  type SideNavProps,
} from './components/side-nav/side-nav';
export { Skeleton } from './components/skeleton/skeleton';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export { ErrorState, type ErrorStateProps } from './components/error-state/error-state';
export { describeError, type DescribedError } from './components/error-state/describe-error';
export { DataTable, defaultPageSizes, type DataTableProps } from './components/data-table/data-table';
