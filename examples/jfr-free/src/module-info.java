/** The smoke program as a module, for the module-path run of scripts/check-jfr-free. */
module smoke {
    requires dev.mutexlab.locks;
}
