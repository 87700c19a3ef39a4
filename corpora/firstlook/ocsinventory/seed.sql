-- Five inventoried computers for the ocsinventory first-look corpus, as
-- OCS Inventory's communication server would store an agent's inventory,
-- in the package's own schema (files/ocsbase_new.sql + files/update/):
-- ocsinventory-server (mod_perl under Apache) is not run.  The dates are
-- taken from the database's clock (the run's), so that "last inventory"
-- and "last contact" move with each run's clock as a live inventory's do.
INSERT INTO hardware (ID, DEVICEID, NAME, WORKGROUP, USERDOMAIN, OSNAME, OSVERSION, OSCOMMENTS,
    PROCESSORT, PROCESSORS, PROCESSORN, MEMORY, SWAP, IPADDR, DNS, DEFAULTGATEWAY, ETIME,
    LASTDATE, LASTCOME, QUALITY, FIDELITY, USERID, TYPE, DESCRIPTION, WINCOMPANY, WINOWNER,
    WINPRODID, WINPRODKEY, USERAGENT, CHECKSUM, SSTATE, IPSRC, UUID, ARCH, CATEGORY_ID, ARCHIVE) VALUES
 (1, 'lab-ws-01-2023-05-02-09-15-22', 'LAB-WS-01', 'LAB', 'lab.example.org', 'Debian GNU/Linux 12 (bookworm)', '6.1.0-18-amd64', '#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1',
  'Intel(R) Core(TM) i5-8500 CPU @ 3.00GHz', 3000, 6, 15872, 2047, '10.20.1.11', '10.20.0.2', '10.20.0.1', NULL,
  NOW() - INTERVAL 3 HOUR, NOW() - INTERVAL 20 MINUTE, 0.0000, 12, 'mkovac', NULL, 'x86_64/00-00-00 00:00:00', NULL, NULL,
  NULL, NULL, 'OCS-NG_unified_unix_agent_v2.10.0', 262143, 0, '10.20.1.11', '4C4C4544-0042-3510-8048-B4C04F4E3232', 'x86_64', NULL, NULL),
 (2, 'lab-ws-02-2023-05-02-09-40-05', 'LAB-WS-02', 'LAB', 'lab.example.org', 'Microsoft Windows 10 Pro', '10.0.19045', 'x64',
  'Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz', 3000, 8, 32614, 4864, '10.20.1.12', '10.20.0.2', '10.20.0.1', NULL,
  NOW() - INTERVAL 26 HOUR, NOW() - INTERVAL 2 HOUR, 0.0000, 40, 'aturing', NULL, 'x64', 'Example Labs', 'Lab',
  '00330-80000-00000-AA123', 'XXXXX-XXXXX-XXXXX-XXXXX-3V66T', 'OCS-NG_WINDOWS_AGENT_v2.10.1.0', 262143, 0, '10.20.1.12', '4C4C4544-0031-4B10-8051-C3C04F4A3332', 'x64', NULL, NULL),
 (3, 'srv-db-01-2022-11-14-16-02-44', 'SRV-DB-01', 'SERVERS', 'srv.example.org', 'Ubuntu 22.04.4 LTS', '5.15.0-97-generic', '#107-Ubuntu SMP',
  'AMD EPYC 7302P 16-Core Processor', 3000, 16, 64294, 8191, '10.30.0.21', '10.30.0.2', '10.30.0.1', NULL,
  NOW() - INTERVAL 6 DAY, NOW() - INTERVAL 6 DAY, 0.0000, 233, 'root', NULL, 'x86_64/00-00-00 00:00:00', NULL, NULL,
  NULL, NULL, 'OCS-NG_unified_unix_agent_v2.9.2', 262143, 0, '10.30.0.21', '30373237-3132-5a43-3339-313230303543', 'x86_64', NULL, NULL),
 (4, 'srv-web-02-2022-11-14-16-20-10', 'SRV-WEB-02', 'SERVERS', 'srv.example.org', 'Debian GNU/Linux 11 (bullseye)', '5.10.0-28-amd64', '#1 SMP Debian 5.10.209-2',
  'Intel(R) Xeon(R) Silver 4210R CPU @ 2.40GHz', 2400, 4, 7951, 975, '10.30.0.32', '10.30.0.2', '10.30.0.1', NULL,
  NOW() - INTERVAL 1 HOUR, NOW() - INTERVAL 1 HOUR, 0.0000, 410, 'www-data', NULL, 'x86_64/00-00-00 00:00:00', NULL, NULL,
  NULL, NULL, 'OCS-NG_unified_unix_agent_v2.10.0', 262143, 0, '10.30.0.32', '564d8b7e-1c2a-4f6e-9d3b-2a7c5e8f9b10', 'x86_64', NULL, NULL),
 (5, 'lab-nb-07-2024-01-08-08-05-51', 'LAB-NB-07', 'LAB', 'lab.example.org', 'Microsoft Windows 11 Enterprise', '10.0.22631', 'x64',
  'Intel(R) Core(TM) i7-1265U', 1800, 12, 16088, 2432, '10.20.2.57', '10.20.0.2', '10.20.0.1', NULL,
  NOW() - INTERVAL 9 DAY, NOW() - INTERVAL 4 DAY, 0.0000, 7, 'ghopper', NULL, 'x64', 'Example Labs', 'Lab',
  '00329-00000-00003-AA456', 'XXXXX-XXXXX-XXXXX-XXXXX-7CFBY', 'OCS-NG_WINDOWS_AGENT_v2.10.1.0', 262143, 0, '10.20.2.57', '5AB0F8E2-3B1C-11EE-A2F5-D4C7E9A1B2C3', 'x64', NULL, NULL);

INSERT INTO accountinfo (HARDWARE_ID, TAG) VALUES (1, 'LAB'), (2, 'LAB'), (3, 'DATACENTER'), (4, 'DATACENTER'), (5, 'LAB');

INSERT INTO bios (HARDWARE_ID, SMANUFACTURER, SMODEL, SSN, TYPE, BMANUFACTURER, BVERSION, BDATE, ASSETTAG, MMANUFACTURER, MMODEL, MSN) VALUES
 (1, 'Dell Inc.', 'OptiPlex 5060', '5B2PH22', 'Desktop', 'Dell Inc.', '1.22.0', '09/08/2022', 'LAB-0001', 'Dell Inc.', '0654JC', '/5B2PH22/CNFCW0089D0123/'),
 (2, 'Dell Inc.', 'OptiPlex 7070', '1K2QJ32', 'Desktop', 'Dell Inc.', '1.20.0', '03/02/2023', 'LAB-0002', 'Dell Inc.', '0YNVJG', '/1K2QJ32/CNFCW0099A0456/'),
 (3, 'Supermicro', 'AS -1014S-WTRT', 'S412393X0509125', 'Rack Mount Chassis', 'American Megatrends Inc.', '2.3', '04/12/2021', 'DC-0021', 'Supermicro', 'H12SSW-NT', 'ZM20AS000512'),
 (4, 'VMware, Inc.', 'VMware7,1', 'VMware-56 4d 8b 7e 1c 2a 4f 6e-9d 3b 2a 7c 5e 8f 9b 10', 'Other', 'VMware, Inc.', 'VMW71.00V.21100432.B64.2301110304', '01/11/2023', 'No Asset Tag', 'Intel Corporation', '440BX Desktop Reference Platform', 'None'),
 (5, 'LENOVO', '21AH00BVGE', 'PF3XK2M7', 'Notebook', 'LENOVO', 'N3MET18W (1.17 )', '08/30/2023', 'LAB-0057', 'LENOVO', '21AH00BVGE', 'L1HF2AB00ZX');

INSERT INTO networks (HARDWARE_ID, DESCRIPTION, TYPE, TYPEMIB, SPEED, MTU, MACADDR, STATUS, IPADDRESS, IPMASK, IPGATEWAY, IPSUBNET, IPDHCP, VIRTUALDEV) VALUES
 (1, 'eno1', 'ethernet', NULL, '1 Gb/s', '1500', 'd8:9e:f3:12:a4:01', 'Up', '10.20.1.11', '255.255.0.0', '10.20.0.1', '10.20.0.0', '10.20.0.2', 0),
 (2, 'Intel(R) Ethernet Connection (7) I219-LM', 'Ethernet', 'ethernetCsmacd', '1 Gb/s', NULL, 'b0:4f:13:0a:22:7c', 'Up', '10.20.1.12', '255.255.0.0', '10.20.0.1', '10.20.0.0', '10.20.0.2', 0),
 (3, 'enp65s0f0', 'ethernet', NULL, '10 Gb/s', '9000', '3c:ec:ef:41:0b:12', 'Up', '10.30.0.21', '255.255.255.0', '10.30.0.1', '10.30.0.0', NULL, 0),
 (3, 'enp65s0f1', 'ethernet', NULL, '10 Gb/s', '9000', '3c:ec:ef:41:0b:13', 'Down', NULL, NULL, NULL, NULL, NULL, 0),
 (4, 'ens192', 'ethernet', NULL, '10 Gb/s', '1500', '00:50:56:a1:3f:2e', 'Up', '10.30.0.32', '255.255.255.0', '10.30.0.1', '10.30.0.0', NULL, 1),
 (5, 'Intel(R) Wi-Fi 6E AX211 160MHz', 'Wireless', 'ieee80211', '866.7 Mb/s', NULL, '7c:b5:66:d2:19:e4', 'Up', '10.20.2.57', '255.255.0.0', '10.20.0.1', '10.20.0.0', '10.20.0.2', 0);

INSERT INTO cpus (HARDWARE_ID, MANUFACTURER, TYPE, SERIALNUMBER, SPEED, CORES, L2CACHESIZE, CPUARCH, DATA_WIDTH, CURRENT_ADDRESS_WIDTH, LOGICAL_CPUS, VOLTAGE, CURRENT_SPEED, SOCKET) VALUES
 (1, 'Intel Corporation', 'Intel(R) Core(TM) i5-8500 CPU @ 3.00GHz', NULL, '3000', 6, '9216', 'x86_64', 64, 64, 6, '0.8 V', '3000', 'LGA1151'),
 (2, 'Intel Corporation', 'Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz', NULL, '3000', 8, '12288', 'x86_64', 64, 64, 8, '0.8 V', '3000', 'LGA1151'),
 (3, 'Advanced Micro Devices [AMD]', 'AMD EPYC 7302P 16-Core Processor', NULL, '3000', 16, '131072', 'x86_64', 64, 64, 32, '1.1 V', '3000', 'SP3'),
 (4, 'Intel Corporation', 'Intel(R) Xeon(R) Silver 4210R CPU @ 2.40GHz', NULL, '2400', 4, '13750', 'x86_64', 64, 64, 4, NULL, '2400', 'CPU 0'),
 (5, 'Intel Corporation', '12th Gen Intel(R) Core(TM) i7-1265U', NULL, '1800', 10, '12288', 'x86_64', 64, 64, 12, '0.7 V', '1800', 'U3E1');

INSERT INTO memories (HARDWARE_ID, CAPTION, DESCRIPTION, CAPACITY, PURPOSE, TYPE, SPEED, NUMSLOTS, SERIALNUMBER) VALUES
 (1, 'DIMM1', 'DIMM', '8192', 'System Memory', 'DDR4', '2666', 1, '12A4C3F1'), (1, 'DIMM2', 'DIMM', '8192', 'System Memory', 'DDR4', '2666', 2, '12A4C3F2'),
 (2, 'ChannelA-DIMM0', 'DIMM', '16384', 'System Memory', 'DDR4', '2666', 1, '8F03B214'), (2, 'ChannelB-DIMM0', 'DIMM', '16384', 'System Memory', 'DDR4', '2666', 2, '8F03B215'),
 (3, 'P1-DIMMA1', 'DIMM', '32768', 'System Memory', 'DDR4', '3200', 1, '3A91F0C2'), (3, 'P1-DIMMB1', 'DIMM', '32768', 'System Memory', 'DDR4', '3200', 2, '3A91F0C3'),
 (4, 'RAM slot #0', 'DIMM', '8192', 'System Memory', 'DRAM', NULL, 1, NULL),
 (5, 'Controller0-ChannelA', 'Row of chips', '16384', 'System Memory', 'LPDDR4', '4267', 1, '00000000');

INSERT INTO storages (HARDWARE_ID, MANUFACTURER, NAME, MODEL, DESCRIPTION, TYPE, DISKSIZE, SERIALNUMBER, FIRMWARE) VALUES
 (1, 'Samsung', 'nvme0n1', 'PM981a NVMe 512GB', 'NVMe', 'disk', 476940, 'S4GENX0N812345', '15302229'),
 (2, 'SK hynix', '\\\\.\\PHYSICALDRIVE0', 'PC601 NVMe 1TB', 'Disk drive', 'Fixed hard disk media', 953866, 'ACJ9N123410309L5', '80003E00'),
 (3, 'Micron', 'sda', 'MTFDDAK960TDS', 'SATA', 'disk', 915715, '2049302A1B2C', 'J004'),
 (3, 'Micron', 'sdb', 'MTFDDAK960TDS', 'SATA', 'disk', 915715, '2049302A1B2D', 'J004'),
 (4, 'VMware', 'sda', 'Virtual disk', 'SCSI', 'disk', 61440, NULL, '2.0'),
 (5, 'Samsung', '\\\\.\\PHYSICALDRIVE0', 'MZVL2512HCJQ-00BL7', 'Disk drive', 'Fixed hard disk media', 488386, '0025_3886_21B3_4C55', 'GXA7801Q');

INSERT INTO drives (HARDWARE_ID, LETTER, TYPE, FILESYSTEM, TOTAL, FREE, NUMFILES, VOLUMN, CREATEDATE) VALUES
 (1, NULL, '/dev/nvme0n1p2', 'ext4', 467453, 389102, 0, '/', '2023-05-02'),
 (2, 'C:/', 'Hard Drive', 'NTFS', 952999, 611420, 0, 'Windows', NULL),
 (3, NULL, '/dev/md0', 'ext4', 898150, 214553, 0, '/', '2022-11-14'), (3, NULL, '/dev/md1', 'xfs', 1830000, 402113, 0, '/var/lib/mysql', '2022-11-14'),
 (4, NULL, '/dev/sda1', 'ext4', 59203, 38112, 0, '/', '2022-11-14'),
 (5, 'C:/', 'Hard Drive', 'NTFS', 487599, 201733, 0, 'Windows', NULL);

INSERT INTO software_publisher (ID, PUBLISHER) VALUES (2, 'Debian'), (3, 'Microsoft Corporation'), (4, 'Mozilla'), (5, 'The Document Foundation'), (6, 'Canonical'), (7, 'MariaDB Foundation'), (8, 'Igor Pavlov');
INSERT INTO software_name (ID, NAME) VALUES (1, 'firefox-esr'), (2, 'libreoffice-writer'), (3, 'openssh-server'), (4, 'mariadb-server'),
 (5, 'nginx'), (6, 'Mozilla Firefox (x64 en-US)'), (7, 'Microsoft Office Professional Plus 2019'), (8, '7-Zip 23.01 (x64)'), (9, 'LibreOffice 7.6.4.1'), (10, 'Microsoft Edge');
INSERT INTO software_version (ID, VERSION) VALUES (2, '115.8.0esr-1~deb12u1'), (3, '4:7.4.7-1+deb12u1'), (4, '1:9.2p1-2+deb12u2'), (5, '1:10.6.16-0ubuntu0.22.04.1'),
 (6, '1.18.0-6.1+deb11u3'), (7, '123.0.1'), (8, '16.0.10406.20006'), (9, '23.01'), (10, '7.6.4.1'), (11, '122.0.2365.80'), (12, '1:8.9p1-3ubuntu0.6');
INSERT INTO software (HARDWARE_ID, NAME_ID, PUBLISHER_ID, VERSION_ID, FOLDER, COMMENTS, FILENAME, FILESIZE, SOURCE, GUID, LANGUAGE, INSTALLDATE, BITSWIDTH) VALUES
 (1, 1, 2, 2, NULL, 'Mozilla Firefox web browser - Extended Support Release (ESR)', NULL, 0, NULL, NULL, NULL, '2024-02-20 00:00:00', 64),
 (1, 2, 2, 3, NULL, 'office productivity suite -- word processor', NULL, 0, NULL, NULL, NULL, '2023-05-02 00:00:00', 64),
 (1, 3, 2, 4, NULL, 'secure shell (SSH) server, for secure access from remote machines', NULL, 0, NULL, NULL, NULL, '2023-05-02 00:00:00', 64),
 (2, 6, 4, 7, 'C:\\Program Files\\Mozilla Firefox', NULL, NULL, 0, 1, NULL, 'en-US', '2024-02-27 00:00:00', 64),
 (2, 7, 3, 8, 'C:\\Program Files\\Microsoft Office', NULL, NULL, 0, 1, '{90160000-008C-0000-1000-0000000FF1CE}', NULL, '2023-05-03 00:00:00', 64),
 (2, 8, 8, 9, 'C:\\Program Files\\7-Zip\\', NULL, NULL, 0, 1, NULL, NULL, '2023-11-02 00:00:00', 64),
 (2, 10, 3, 11, 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application', NULL, NULL, 0, 1, NULL, NULL, '2024-03-01 00:00:00', 64),
 (3, 4, 6, 5, NULL, 'MariaDB database server binaries', NULL, 0, NULL, NULL, NULL, '2023-02-14 00:00:00', 64),
 (3, 3, 6, 12, NULL, 'secure shell (SSH) server, for secure access from remote machines', NULL, 0, NULL, NULL, NULL, '2022-11-14 00:00:00', 64),
 (4, 5, 2, 6, NULL, 'small, powerful, scalable web/proxy server', NULL, 0, NULL, NULL, NULL, '2022-11-14 00:00:00', 64),
 (4, 3, 2, 4, NULL, 'secure shell (SSH) server, for secure access from remote machines', NULL, 0, NULL, NULL, NULL, '2022-11-14 00:00:00', 64),
 (5, 6, 4, 7, 'C:\\Program Files\\Mozilla Firefox', NULL, NULL, 0, 1, NULL, 'en-US', '2024-02-27 00:00:00', 64),
 (5, 9, 5, 10, 'C:\\Program Files\\LibreOffice\\', NULL, NULL, 0, 1, NULL, NULL, '2024-01-09 00:00:00', 64),
 (5, 8, 8, 9, 'C:\\Program Files\\7-Zip\\', NULL, NULL, 0, 1, NULL, NULL, '2024-01-08 00:00:00', 64);
