-- The content every run of the phpmyadmin corpus starts from (fed to the
-- private MariaDB by smart-run.sh before the server is served): a login
-- for the tester, phpMyAdmin's own configuration storage (the pmadb, from
-- Debian's create_tables.sql, loaded separately) with its control user,
-- and two small application databases to browse, search and edit.
-- Dates are fixed literals, so the rows are the same in every run; what
-- MariaDB dates itself (table creation and update times) follows the
-- run's clock.

CREATE USER 'tester'@'localhost' IDENTIFIED BY 'tester-pass-1';
GRANT ALL PRIVILEGES ON *.* TO 'tester'@'localhost' WITH GRANT OPTION;
CREATE USER 'reader'@'localhost' IDENTIFIED BY 'reader-pass-2';
GRANT SELECT ON bookshop.* TO 'reader'@'localhost';
CREATE USER 'pma'@'localhost' IDENTIFIED BY 'pma-control-3';
GRANT SELECT, INSERT, UPDATE, DELETE, ALTER ON phpmyadmin.* TO 'pma'@'localhost';

CREATE DATABASE bookshop DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
USE bookshop;

CREATE TABLE authors (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  country CHAR(2) NOT NULL DEFAULT 'GB',
  born DATE NULL,
  KEY idx_country (country)
) ENGINE=InnoDB COMMENT='People who wrote the books';

CREATE TABLE books (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  author_id INT UNSIGNED NOT NULL,
  title VARCHAR(200) NOT NULL,
  isbn CHAR(13) NULL UNIQUE,
  price DECIMAL(8,2) NOT NULL,
  stock SMALLINT NOT NULL DEFAULT 0,
  published DATE NOT NULL,
  blurb TEXT NULL,
  CONSTRAINT fk_books_author FOREIGN KEY (author_id) REFERENCES authors (id),
  KEY idx_published (published)
) ENGINE=InnoDB;

CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(120) NOT NULL UNIQUE,
  full_name VARCHAR(120) NOT NULL,
  joined DATETIME NOT NULL
) ENGINE=InnoDB;

CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  book_id INT UNSIGNED NOT NULL,
  quantity TINYINT UNSIGNED NOT NULL DEFAULT 1,
  ordered_at DATETIME NOT NULL,
  status ENUM('new','paid','shipped','cancelled') NOT NULL DEFAULT 'new',
  CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id),
  CONSTRAINT fk_orders_book FOREIGN KEY (book_id) REFERENCES books (id)
) ENGINE=InnoDB;

CREATE TABLE audit_log (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  message VARCHAR(255) NOT NULL,
  logged DATETIME NOT NULL
) ENGINE=MyISAM;

INSERT INTO authors (name, country, born) VALUES
 ('Ada Lovelace', 'GB', '1815-12-10'), ('Grace Hopper', 'US', '1906-12-09'),
 ('Edsger Dijkstra', 'NL', '1930-05-11'), ('Donald Knuth', 'US', '1938-01-10'),
 ('Barbara Liskov', 'US', '1939-11-07'), ('Niklaus Wirth', 'CH', '1934-02-15'),
 ('Tony Hoare', 'GB', '1934-01-11'), ('Frances Allen', 'US', '1932-08-04'),
 ('Ken Thompson', 'US', '1943-02-04'), ('Margaret Hamilton', 'US', '1936-08-17'),
 ('Alan Kay', 'US', '1940-05-17'), ('Ole-Johan Dahl', 'NO', NULL);

INSERT INTO books (author_id, title, isbn, price, stock, published, blurb) VALUES
 (1, 'Notes on the Analytical Engine', '9780000000011', 12.50, 4, '1843-09-01', 'The first published program, with commentary.'),
 (2, 'Compiling for Everyone', '9780000000028', 29.99, 10, '1952-05-01', NULL),
 (3, 'A Discipline of Programming', '9780000000035', 45.00, 2, '1976-01-01', 'Weakest preconditions & guarded commands.'),
 (3, 'Go To Statement Considered Harmful', '9780000000042', 5.00, 0, '1968-03-01', 'A letter to the editor.'),
 (4, 'The Art of Computer Programming, Vol. 1', '9780000000059', 89.90, 7, '1968-01-01', 'Fundamental algorithms.'),
 (4, 'The Art of Computer Programming, Vol. 2', '9780000000066', 89.90, 5, '1969-01-01', 'Seminumerical algorithms.'),
 (4, 'The Art of Computer Programming, Vol. 3', '9780000000073', 89.90, 3, '1973-01-01', 'Sorting and searching.'),
 (4, 'Literate Programming', '9780000000080', 32.00, 6, '1992-06-01', NULL),
 (5, 'Abstraction and Specification', '9780000000097', 54.25, 1, '1986-01-01', 'Data abstraction in program development.'),
 (6, 'Algorithms + Data Structures = Programs', '9780000000103', 39.00, 8, '1976-01-01', NULL),
 (6, 'Compiler Construction', '9780000000110', 41.50, 0, '1996-01-01', 'Single-pass compilers, in Oberon.'),
 (7, 'Communicating Sequential Processes', '9780000000127', 47.75, 4, '1985-01-01', 'CSP.'),
 (8, 'Program Optimization', NULL, 18.00, 2, '1966-01-01', NULL),
 (9, 'Reflections on Trusting Trust', '9780000000141', 3.50, 20, '1984-08-01', 'Turing Award lecture.'),
 (10, 'Apollo Guidance Software', '9780000000158', 60.00, 1, '1969-07-20', 'Priority scheduling under overload.'),
 (11, 'The Early History of Smalltalk', '9780000000165', 22.00, 9, '1993-03-01', NULL),
 (12, 'Simula Begin', '9780000000172', 35.00, 3, '1973-01-01', 'Objects & classes, 1967.'),
 (5, 'Program Development in Java', '9780000000189', 58.00, 5, '2000-06-01', NULL),
 (7, 'An Axiomatic Basis for Computer Programming', '9780000000196', 6.00, 11, '1969-10-01', 'Hoare triples.'),
 (2, 'Understanding Computers', '9780000000202', 15.00, 0, '1984-01-01', NULL);

INSERT INTO customers (email, full_name, joined) VALUES
 ('alice@example.org', 'Alice Archer', '2023-01-15 09:30:00'),
 ('bob@example.org', 'Bob Baker', '2023-02-01 14:05:00'),
 ('carol@example.org', 'Carol Chen', '2023-03-20 18:45:10'),
 ('dave@example.org', 'Dave Diaz', '2023-05-05 08:00:00'),
 ('erin@example.org', 'Erin Eriksen', '2023-07-30 21:12:00'),
 ('frank@example.org', 'Frank Fischer', '2023-11-11 11:11:11');

INSERT INTO orders (customer_id, book_id, quantity, ordered_at, status) VALUES
 (1, 5, 1, '2023-02-01 10:00:00', 'shipped'), (1, 6, 1, '2023-02-01 10:00:00', 'shipped'),
 (2, 3, 2, '2023-03-14 16:20:00', 'paid'), (3, 14, 5, '2023-04-01 12:00:00', 'cancelled'),
 (3, 12, 1, '2023-06-18 09:45:00', 'shipped'), (4, 1, 1, '2023-08-08 08:08:00', 'new'),
 (5, 17, 2, '2023-09-09 19:30:00', 'paid'), (6, 10, 1, '2023-12-24 23:59:00', 'new'),
 (2, 19, 3, '2024-01-02 07:15:00', 'paid'), (4, 8, 1, '2024-01-20 13:00:00', 'shipped');

INSERT INTO audit_log (message, logged) VALUES
 ('stock recount', '2024-01-01 00:00:00'), ('price update: vol. 1-3', '2024-01-15 12:30:00');

CREATE VIEW book_sales AS
  SELECT b.title, SUM(o.quantity) AS sold
  FROM books b JOIN orders o ON o.book_id = b.id
  WHERE o.status <> 'cancelled' GROUP BY b.id, b.title;

CREATE PROCEDURE restock(IN p_book INT, IN p_count INT)
  UPDATE books SET stock = stock + p_count WHERE id = p_book;

CREATE DATABASE scratch;
USE scratch;
CREATE TABLE notes (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  body VARCHAR(255) NOT NULL
);
INSERT INTO notes (body) VALUES ('remember the milk'), ('call the printer');
