; Inno Setup 6 script for Orcus Desktop's Windows installer.
;
;   powershell -File packaging\windows\build.ps1
;       builds the app with PyInstaller, then runs
;   ISCC.exe /DAppVersion=X.Y.Z packaging\windows\orcus.iss
;       -> dist\orcus-desktop-X.Y.Z-windows-x64-setup.exe
;
; The version comes from pyproject.toml (build.ps1 reads it with packaging\version.py and passes
; it in), so nothing here needs a bump. Installs per user, without admin rights, into
; %LOCALAPPDATA%\Programs\Orcus Desktop; an administrator may choose "for all users" instead.

#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=X.Y.Z (packaging\windows\build.ps1 does)
#endif
#ifndef BundleDir
  ; PyInstaller's output for packaging\orcus.spec, as build.ps1 writes it.
  #define BundleDir "..\..\build\windows\pyinstaller\orcus-desktop"
#endif
#define AppName "Orcus Desktop"
#define AppExe "orcus-desktop.exe"
#define FileProgId "OrcusDesktop.Encounter"

[Setup]
; One AppId forever: it is how an upgrade finds the installed copy. Never change it.
AppId={{6F1C2B9E-4D7A-4E0B-9C55-0A7E3B1D8C42}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Orcus Desktop contributors
DefaultDirName={autopf}\{#AppName}
DisableProgramGroupPage=yes
; Per-user install, no UAC prompt; the dialog lets an administrator install for everyone.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=orcus-desktop-{#AppVersion}-windows-x64-setup
SetupIconFile=..\..\resources\icons\orcus-desktop.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "fileassoc"; Description: "Open encounter files (.orcus) with {#AppName}"; GroupDescription: "File association:"

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the bundle whole: libraries a newer build no longer ships must not linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; HKA is HKCU for a per-user install and HKLM for an all-users one.
; The encounter file type: .orcus files open in the app, with its icon.
Root: HKA; Subkey: "Software\Classes\.orcus\OpenWithProgids"; ValueType: string; ValueName: "{#FileProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\.orcus"; ValueType: string; ValueName: ""; ValueData: "{#FileProgId}"; Flags: uninsdeletevalue uninsdeletekeyifempty; Tasks: fileassoc
Root: HKA; Subkey: "Software\Classes\{#FileProgId}"; ValueType: string; ValueName: ""; ValueData: "Orcus encounter"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#FileProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#FileProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; Plain .json encounters: offered under "Open with", never made the default for JSON.
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "{#FileProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".orcus"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
